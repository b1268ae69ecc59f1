import { Type, type Static } from 'typebox';
import { TenantIdParam } from '../../common';
import { Nullable } from '../list';
import { ArticleItem, NoticeItem } from './catalogue';

// The article and notice detail calls (GET /cm/api/article/info, GET /cm/api/notice/detail):
// a card's fields plus the text. docs/api.md "Articles" and "Notices".

/** The query of GET /cm/api/article/info. */
export const ArticleDetailQuery = Type.Object({ tenantId: TenantIdParam, id: Type.Integer({ minimum: 1, description: 'The article id.' }) });

/** One published article: its card fields and where its text is. */
export const ArticleDetail = Type.Object({
  ...ArticleItem.properties,
  bodyUrl: Nullable(Type.String({ description: 'The text: a sanitised HTML document of the site (/uploads/…), or null when the article has none.' })),
  // Issue 19 part H: a learner's article keeps its text in the row, sanitised when saved.
  body: Type.Optional(Nullable(Type.String({ description: 'A learner\'s article: its HTML, sanitised on save (then bodyUrl is null).' }))),
  bodyPolicy: Type.Optional(Nullable(Type.Integer({ description: 'The rich-text policy version body was sanitised under.' }))),
});
export type ArticleDetail = Static<typeof ArticleDetail>;

/** The query of GET /cm/api/notice/detail. */
export const NoticeDetailQuery = Type.Object({ tenantId: TenantIdParam, id: Type.Integer({ minimum: 1, description: 'The notice id.' }) });

/** One published notice: its card fields, its text and whether guests may read it. */
export const NoticeDetail = Type.Object({
  ...NoticeItem.properties,
  body: Nullable(Type.String({ description: 'Plain text; paragraphs are separated by a blank line.' })),
  isPublic: Type.Boolean({ description: 'false: only the tenant\'s signed-in users may read it.' }),
});
export type NoticeDetail = Static<typeof NoticeDetail>;
