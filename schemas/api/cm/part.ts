import { Type, type Static } from 'typebox';
import { TenantIdParam } from '../../common';
import { Nullable } from '../list';

// The parts of a content (episodes, chapters) as GET /cm/api/content/partList returns them.
// Widget authors and the content detail page code against these fields (docs/api.md "Content parts").

/** One part of a content, in play order. */
export const ContentPartItem = Type.Object({
  id: Type.Integer({ description: 'The part id: the partId of study records and of the audio player.' }),
  contentId: Type.Integer(),
  title: Type.String(),
  kind: Type.String({ description: 'video, audio, pdf, article or link; may differ from the content\'s own kind.' }),
  mediaUrl: Nullable(Type.String({ description: 'The part\'s media: a `media:` address (decoded by GET /cm/api/media/decode), a site path or an absolute URL; null when the part has none yet.' })),
  duration: Type.Integer({ minimum: 0, description: 'Length in seconds; 0 when unknown.' }),
  sort: Type.Integer({ description: 'Position in the content, from 0; the list is already in this order.' }),
});
export type ContentPartItem = Static<typeof ContentPartItem>;

/** The query of GET /cm/api/content/partList. */
export const ContentPartQuery = Type.Object({
  tenantId: TenantIdParam,
  contentId: Type.Integer({ minimum: 1, description: 'The content whose parts to list.' }),
});
