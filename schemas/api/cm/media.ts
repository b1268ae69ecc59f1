import { Type, type Static } from 'typebox';
import { TenantIdParam } from '../../common';
import { Nullable } from '../list';

// Media decode (GET /cm/api/media/decode) and attachments (GET /cm/api/attachment/search):
// docs/api.md "Media decode" and "Attachments".

/** The one storage region this server keeps media in. */
export const LOCAL_MEDIA_REGION = 'local';

/** The query of GET /cm/api/media/decode. */
export const MediaDecodeQuery = Type.Object({
  tenantId: TenantIdParam,
  baseUrl: Type.String({ minLength: 1, maxLength: 2048, description: 'The address as listed (content.mediaUrl): `media:<folder>/<name>.<ext>`, or an absolute http(s) URL (returned unchanged).' }),
  permissionFlag: Type.Optional(Type.Integer({ minimum: 0, maximum: 1, default: 1, description: '1 (default): only a signed-in user of the tenant may decode (flag 401 otherwise); 0: guests may too.' })),
  region: Type.Optional(Type.String({ maxLength: 64, description: `Storage region; this server has one, "${LOCAL_MEDIA_REGION}" (also when absent or empty).` })),
});

/** A playable link for a media address, and until when it plays. */
export const DecodedMedia = Type.Object({
  url: Type.String({ description: 'A playable URL: a same-origin /media/ link signed for this tenant, or the absolute address as given.' }),
  expiresAt: Type.Integer({ description: 'Epoch seconds after which the link is refused and the address must be decoded again; 0: never.' }),
});
export type DecodedMedia = Static<typeof DecodedMedia>;

/** What an attachment list belongs to. */
export const AttachmentTargetType = Type.Union([Type.Literal('course'), Type.Literal('subject'), Type.Literal('content')], { description: 'What the files belong to.' });
export type AttachmentTargetType = Static<typeof AttachmentTargetType>;

/** The query of GET /cm/api/attachment/search. */
export const AttachmentQuery = Type.Object({ tenantId: TenantIdParam, targetType: AttachmentTargetType, targetId: Type.Integer({ minimum: 1, description: 'The course, subject or content id.' }) });

/** One file a course, subject or content comes with. */
export const AttachmentItem = Type.Object({
  id: Type.Integer(),
  name: Type.String({ description: 'The file name to show and to save as.' }),
  url: Type.String({ description: 'A site path (/uploads/…) or an absolute http(s) address.' }),
  size: Nullable(Type.Integer({ minimum: 0, description: 'Bytes; null when unknown.' })),
  mime: Nullable(Type.String({ description: 'The file type, e.g. application/pdf.' })),
});
export type AttachmentItem = Static<typeof AttachmentItem>;
