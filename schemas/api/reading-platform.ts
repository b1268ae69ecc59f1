import { Type, type Static } from 'typebox';
import { Id, TenantIdParam } from '../common';
import { Nullable, PageNo, PageSize } from './list';

// The reading platform (issue 20 part U; spec learning §2 "Reading content", §7 userFollow/save,
// followList, fans, /cmu/api/articleComment/searchByUser and delComment): book pages, authors and
// follows, the text platform, the bookshelf of reading works, my comments on books. The spec
// names the follow and comment calls; the book, author, shelf and text platform calls are ours
// (docs/api.md "Reading platform"). A reading work is a published content of purpose 5, 6 or 7.

const Paging = { pageNo: Type.Optional(PageNo), pageSize: Type.Optional(PageSize) };

export const SerialState = Type.Enum(['serialising', 'finished'], { description: 'serialising: chapters still come; finished: complete.' });
export type SerialState = Static<typeof SerialState>;

/** An author as a book card and a follow row name them. */
export const AuthorRef = Type.Object({
  id: Type.Integer({ description: 'The author id (/content/author/{id}).' }),
  penName: Type.String(),
  avatar: Nullable(Type.String()),
});
export type AuthorRef = Static<typeof AuthorRef>;

/** A reading work as every list shows it. */
export const BookCard = Type.Object({
  id: Type.Integer({ description: 'The content id (/content/noval/detail/{id}).' }),
  title: Type.String(),
  cover: Nullable(Type.String()),
  summary: Nullable(Type.String()),
  purpose: Type.Integer({ description: '5 e-book, 6 audiobook, 7 serial (spec §9).' }),
  categoryId: Nullable(Type.Integer()),
  categoryName: Nullable(Type.String()),
  author: Nullable(AuthorRef),
  authorName: Nullable(Type.String({ description: 'The pen name, or the free-text author when the work has no author page.' })),
  serialState: Nullable(SerialState),
  wordCount: Type.Integer(),
  chapterCount: Type.Integer(),
  viewCount: Type.Integer(),
  updatedAt: Type.String({ format: 'date-time', description: 'The latest chapter update, or the publish time.' }),
});
export type BookCard = Static<typeof BookCard>;

/** A chapter as the book page lists it. Contents carry no price: every chapter of a work is free. */
export const BookChapter = Type.Object({
  id: Type.Integer({ description: 'The content part id.' }),
  index: Type.Integer({ description: '1-based, the reader\'s ?chapter= value.' }),
  title: Type.String(),
  free: Type.Boolean(),
  locked: Type.Boolean(),
});
export type BookChapter = Static<typeof BookChapter>;

export const BookDetail = Type.Object({
  ...BookCard.properties,
  kind: Type.String({ description: 'article (read chapter by chapter) or audio (episodes).' }),
  publishTime: Type.String({ format: 'date-time' }),
  chapters: Type.Array(BookChapter),
  onShelf: Type.Boolean({ description: 'Whether the caller has it on the bookshelf (false for guests).' }),
});
export type BookDetail = Static<typeof BookDetail>;

export const IdQuery = Type.Object({ tenantId: TenantIdParam, id: Id({ description: 'The book (content) or author id.' }) });

export const ShelfBody = Type.Object({
  tenantId: TenantIdParam,
  contentId: Id({ description: 'The reading work.' }),
  onShelf: Type.Boolean({ description: 'true puts it on the shelf, false takes it off (either twice is harmless).' }),
});
export const ShelfState = Type.Object({ contentId: Type.Integer(), onShelf: Type.Boolean() });
export type ShelfState = Static<typeof ShelfState>;

export const ShelfItem = Type.Object({ ...BookCard.properties, addedAt: Type.String({ format: 'date-time' }) });
export type ShelfItem = Static<typeof ShelfItem>;

export const MyPagedQuery = Type.Object({ tenantId: TenantIdParam, ...Paging });

/** The author page's head. */
export const AuthorDetail = Type.Object({
  id: Type.Integer(),
  penName: Type.String(),
  avatar: Nullable(Type.String()),
  intro: Type.String(),
  workCount: Type.Integer({ description: 'Published reading works.' }),
  wordCount: Type.Integer({ description: 'Words across them.' }),
  fans: Type.Integer({ description: 'Followers.' }),
  following: Type.Boolean({ description: 'Whether the caller follows this author (false for guests).' }),
  mine: Type.Boolean({ description: 'Whether this is the caller\'s own pen name (following is then refused).' }),
});
export type AuthorDetail = Static<typeof AuthorDetail>;

export const AuthorWorksQuery = Type.Object({ tenantId: TenantIdParam, authorId: Id({ description: 'The author.' }), ...Paging });

export const FollowBody = Type.Object({
  tenantId: TenantIdParam,
  authorId: Id({ description: 'The author to follow or unfollow.' }),
  follow: Type.Boolean({ description: 'true follows, false unfollows (either twice is harmless).' }),
});
export const FollowState = Type.Object({ authorId: Type.Integer(), following: Type.Boolean(), fans: Type.Integer() });
export type FollowState = Static<typeof FollowState>;

/** An author I follow. */
export const FollowItem = Type.Object({
  ...AuthorRef.properties,
  intro: Type.String(), workCount: Type.Integer(), fans: Type.Integer(), followedAt: Type.String({ format: 'date-time' }),
});
export type FollowItem = Static<typeof FollowItem>;

export const FansQuery = Type.Object({
  tenantId: TenantIdParam,
  authorId: Type.Optional(Id({ description: 'Whose followers; left out: the caller\'s own (sign-in needed).' })),
  ...Paging,
});

/** A follower: the display name only (never an account or a mobile), and their pen name when they write. */
export const FanItem = Type.Object({
  name: Type.String(),
  avatar: Nullable(Type.String()),
  author: Nullable(AuthorRef),
  followedAt: Type.String({ format: 'date-time' }),
});
export type FanItem = Static<typeof FanItem>;

export const PlatformList = Type.Enum(['recent', 'new', 'finished', 'popular'], {
  description: 'recent: latest chapter update; new: latest published; finished: finished works; popular: most read.',
});
export type PlatformList = Static<typeof PlatformList>;

export const PlatformHomeQuery = Type.Object({
  tenantId: TenantIdParam,
  categoryId: Type.Optional(Id({ description: 'A reading category (with its subcategories); left out: the whole platform.' })),
});
export const PlatformCategory = Type.Object({ id: Type.Integer(), name: Type.String(), count: Type.Integer({ description: 'Published works under it.' }) });
export type PlatformCategory = Static<typeof PlatformCategory>;
export const PlatformHome = Type.Object({
  category: Nullable(PlatformCategory),
  categories: Type.Array(PlatformCategory, { description: 'The reading categories that hold works (roots), for the section tabs.' }),
  recent: Type.Array(BookCard), new: Type.Array(BookCard), finished: Type.Array(BookCard), popular: Type.Array(BookCard),
});
export type PlatformHome = Static<typeof PlatformHome>;

export const PlatformListQuery = Type.Object({
  tenantId: TenantIdParam,
  categoryId: Type.Optional(Id({ description: 'A reading category (with its subcategories).' })),
  list: Type.Optional(PlatformList),
  ...Paging,
});

/** One of my comments on a book or work. */
export const BookComment = Type.Object({
  id: Type.Integer(),
  content: Type.String(),
  score: Nullable(Type.Integer({ minimum: 1, maximum: 5 })),
  createTime: Type.String({ format: 'date-time' }),
  bookId: Type.Integer(),
  bookTitle: Nullable(Type.String({ description: 'null when the work was taken off shelf.' })),
  cover: Nullable(Type.String()),
  authorName: Nullable(Type.String()),
});
export type BookComment = Static<typeof BookComment>;

export const DelBookCommentBody = Type.Object({ tenantId: TenantIdParam, id: Id({ description: 'The comment id.' }) });
