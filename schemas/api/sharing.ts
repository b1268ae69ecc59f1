// Issue 19 part H: learners' own articles (myArticle, myShare), notices by user (myNotice), topic
// pages and affairs. Server routes validate with these (server/modules/cm/sharing-*.ts);
// src/api/sharing.ts derives its types. Rules: docs/growth.md "Sharing, notices, topics and affairs".
import { Type, type Static } from 'typebox';
import { Id, TenantIdParam, Text } from '../common';
import { Nullable, PageNo, PageSize } from './list';

const DateTime = (description?: string) => Type.String({ format: 'date-time', ...(description ? { description } : {}) });
const Paging = { pageNo: Type.Optional(PageNo), pageSize: Type.Optional(PageSize) };

/** An article's title: at most this many characters. */
export const ARTICLE_TITLE_MAX = 100;
/** An article's summary: at most this many characters. */
export const ARTICLE_SUMMARY_MAX = 300;
/** An article's HTML as sent by the editor: at most this many characters (before sanitising). */
export const ARTICLE_BODY_MAX = 100_000;
/** A learner may keep at most this many articles (drafts and published). */
export const ARTICLE_OWN_MAX = 200;

/** draft 草稿 (only its author sees it) or published 已发布 (on /share for everyone). */
export const ArticleState = Type.Union([Type.Literal('draft'), Type.Literal('published')]);
export type ArticleState = Static<typeof ArticleState>;

/** One of my articles as listed in myArticle and myShare. */
export const MyArticleItem = Type.Object({
  id: Type.Integer(),
  title: Type.String(),
  summary: Nullable(Type.String()),
  cover: Nullable(Type.String()),
  state: ArticleState,
  viewCount: Type.Integer(),
  favourCount: Type.Integer(),
  publishTime: Nullable(DateTime('When it was published; null for a draft never published.')),
  updatedAt: DateTime('When I last saved it.'),
});
export type MyArticleItem = Static<typeof MyArticleItem>;

/** One of my articles whole, for the editor. */
export const MyArticle = Type.Object({
  ...MyArticleItem.properties,
  body: Type.String({ description: 'The text as stored: HTML sanitised on save.' }),
});
export type MyArticle = Static<typeof MyArticle>;

/** GET /cm/api/article/searchByUser: my articles, newest edit first; state filters. */
export const MyArticleQuery = Type.Object({
  tenantId: TenantIdParam, ...Paging,
  state: Type.Optional(ArticleState),
});
export type MyArticleQuery = Static<typeof MyArticleQuery>;

/** One article by id (mine). */
export const ArticleIdQuery = Type.Object({ tenantId: TenantIdParam, id: Id({ description: 'The article id.' }) });
export type ArticleIdQuery = Static<typeof ArticleIdQuery>;
export const ArticleIdBody = Type.Object({ tenantId: TenantIdParam, id: Id({ description: 'The article id.' }) });
export type ArticleIdBody = Static<typeof ArticleIdBody>;

/** POST /cm/api/article/save: a new article (no id) or an edit of mine; publish true publishes it. */
export const ArticleSaveBody = Type.Object({
  tenantId: TenantIdParam,
  id: Type.Optional(Id({ description: 'The article to edit; absent: a new one.' })),
  title: Text({ minLength: 1, maxLength: ARTICLE_TITLE_MAX }),
  summary: Type.Optional(Text({ maxLength: ARTICLE_SUMMARY_MAX, description: 'Empty: the first words of the text.' })),
  body: Type.String({ maxLength: ARTICLE_BODY_MAX, description: 'The editor\'s HTML; sanitised on save (scripts, event handlers, unsafe links removed).' }),
  publish: Type.Optional(Type.Boolean({ description: 'true: publish now (or keep published); false or absent: keep its state (a new one is a draft).' })),
});
export type ArticleSaveBody = Static<typeof ArticleSaveBody>;

/** Where a notice of myNotice comes from: the tenant's notices, a class's notices, or an affair. */
export const NoticeSource = Type.Union([Type.Literal('tenant'), Type.Literal('classes'), Type.Literal('affair')]);
export type NoticeSource = Static<typeof NoticeSource>;

/** One notice of mine (GET /cm/api/notice/searchByUser). */
export const UserNoticeItem = Type.Object({
  id: Type.Integer({ description: 'The id within its source.' }),
  source: NoticeSource,
  title: Type.String(),
  summary: Nullable(Type.String()),
  body: Nullable(Type.String({ description: 'A class notice\'s text (plain, shown in the list); null for the others, which open their own page.' })),
  classesId: Nullable(Type.Integer()),
  classesTitle: Nullable(Type.String({ description: 'The class of a class notice.' })),
  top: Type.Boolean(),
  needConfirm: Type.Boolean({ description: 'An affair that asks for a read receipt.' }),
  publishTime: DateTime(),
  read: Type.Boolean({ description: 'Read (an affair: its receipt recorded).' }),
});
export type UserNoticeItem = Static<typeof UserNoticeItem>;

/** The notices' page with my unread count. */
export const UserNoticePage = Type.Object({
  list: Type.Array(UserNoticeItem),
  total: Type.Integer(),
  pageNo: Type.Integer(),
  pageSize: Type.Integer(),
  unread: Type.Integer({ description: 'My unread notices across all pages and sources.' }),
});
export type UserNoticePage = Static<typeof UserNoticePage>;

export const UserNoticeQuery = Type.Object({
  tenantId: TenantIdParam, ...Paging,
  unread: Type.Optional(Type.Boolean({ description: 'true: only the unread ones.' })),
});
export type UserNoticeQuery = Static<typeof UserNoticeQuery>;

/** POST /cm/api/notice/read: marks one tenant or class notice read (affairs are confirmed on their page). */
export const NoticeReadBody = Type.Object({
  tenantId: TenantIdParam,
  id: Id({ description: 'The notice id within its source.' }),
  source: Type.Union([Type.Literal('tenant'), Type.Literal('classes')]),
});
export type NoticeReadBody = Static<typeof NoticeReadBody>;

export const TenantOnlyBody = Type.Object({ tenantId: TenantIdParam });
export type TenantOnlyBody = Static<typeof TenantOnlyBody>;

/** How many notices a call marked read. */
export const ReadCount = Type.Object({ marked: Type.Integer(), unread: Type.Integer({ description: 'Unread left.' }) });
export type ReadCount = Static<typeof ReadCount>;

/** What a topic item opens. */
export const TopicItemKind = Type.Union([Type.Literal('course'), Type.Literal('content'), Type.Literal('exam'), Type.Literal('classes')]);
export type TopicItemKind = Static<typeof TopicItemKind>;

export const TopicItem = Type.Object({
  kind: TopicItemKind,
  id: Type.Integer({ description: 'The course, content, exam or class id.' }),
  title: Type.String(),
  cover: Nullable(Type.String()),
  summary: Nullable(Type.String()),
  path: Type.String({ description: 'The portal path of its detail page (relative to /study).' }),
});
export type TopicItem = Static<typeof TopicItem>;

export const TopicSection = Type.Object({ id: Type.Integer(), title: Type.String(), items: Type.Array(TopicItem) });
export type TopicSection = Static<typeof TopicSection>;

/** GET /cm/api/topic/detail: a topic page. */
export const TopicDetail = Type.Object({
  id: Type.Integer(),
  title: Type.String(),
  subtitle: Nullable(Type.String()),
  banner: Nullable(Type.String()),
  intro: Nullable(Type.String({ description: 'HTML written by the tenant\'s editors; the portal sanitises it when shown.' })),
  viewCount: Type.Integer(),
  publishTime: DateTime(),
  sections: Type.Array(TopicSection, { description: 'In order; an item no longer published is left out, and so is a section left empty.' }),
});
export type TopicDetail = Static<typeof TopicDetail>;

export const TopicIdQuery = Type.Object({ tenantId: TenantIdParam, id: Id({ description: 'The topic id.' }) });
export type TopicIdQuery = Static<typeof TopicIdQuery>;

export const AffairFile = Type.Object({ name: Type.String(), url: Type.String(), size: Type.Integer() });
export type AffairFile = Static<typeof AffairFile>;

/** GET /cm/api/affair/detail: an affair with my receipt. */
export const AffairDetail = Type.Object({
  id: Type.Integer(),
  title: Type.String(),
  issuer: Nullable(Type.String()),
  docNo: Nullable(Type.String()),
  body: Type.String({ description: 'HTML written by the tenant\'s editors; the portal sanitises it when shown.' }),
  attachments: Type.Array(AffairFile),
  needConfirm: Type.Boolean(),
  confirmDeadline: Nullable(DateTime()),
  publishTime: DateTime(),
  confirmedAt: Nullable(DateTime('When I confirmed; null: not yet, or a guest.')),
  confirmedCount: Type.Integer({ description: 'How many have confirmed.' }),
  signedIn: Type.Boolean(),
});
export type AffairDetail = Static<typeof AffairDetail>;

export const AffairIdQuery = Type.Object({ tenantId: TenantIdParam, id: Id({ description: 'The affair id.' }) });
export type AffairIdQuery = Static<typeof AffairIdQuery>;
export const AffairIdBody = Type.Object({ tenantId: TenantIdParam, id: Id({ description: 'The affair id.' }) });
export type AffairIdBody = Static<typeof AffairIdBody>;
