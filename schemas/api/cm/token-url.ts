import { Type, type Static } from 'typebox';
import { Id, TenantIdParam } from '../../common';

// GET /dataapi/content/getTokenUrl (issue 21 Y): docs/api.md "Issue 21: tokens, sign-in panels,
// config and the app package".

/** The query of GET /dataapi/content/getTokenUrl. */
export const TokenUrlQuery = Type.Object({
  tenantId: TenantIdParam,
  contentId: Id({ description: 'A published content of the tenant.' }),
  partId: Type.Optional(Id({ description: 'One of its parts (chapters, lessons); without it, the content\'s own media or document.' })),
});

/** The address to open a content's media or document with. */
export const TokenUrl = Type.Object({
  url: Type.String({ description: 'A same-origin /media/ link signed for this tenant, or the document\'s own address (/uploads/… or http(s)).' }),
  signed: Type.Boolean({ description: 'true: a signed /media/ link refused after expiresAt; false: an address that needs no signature.' }),
  expiresAt: Type.Integer({ description: 'Epoch seconds after which a signed link is refused (ask again); 0 when unsigned.' }),
  kind: Type.String({ description: 'video, audio, pdf, article or link: what the address holds.' }),
});
export type TokenUrl = Static<typeof TokenUrl>;
