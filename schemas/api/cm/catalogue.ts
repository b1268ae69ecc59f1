import { Type, type Static } from 'typebox';
import { TenantIdParam } from '../../common';
import { CardFields, LabelParam, ListParams, Nullable } from '../list';

// The cards the cm lists return. Widget authors code against these fields (docs/api.md).

const Labels = Type.Array(Type.String(), { description: 'Short tags shown on the card.' });
const Seconds = (description: string) => Type.Integer({ minimum: 0, description });

/** A course card: /course/detail/{id}. */
export const CourseItem = Type.Object({
  ...CardFields,
  teacherName: Nullable(Type.String()),
  chapterCount: Type.Integer({ description: 'Phases (chapters).' }),
  lessonCount: Type.Integer({ description: 'Phase contents (lessons) across all chapters.' }),
  duration: Seconds('Total length of the lessons in seconds.'),
  studyCount: Type.Integer(),
  favourCount: Type.Integer(),
  score: Type.Number({ description: 'Average rating, 0 to 5, to one decimal: the rating summary\'s average (commentScore/getScore), 0 when nobody rated.' }),
  labels: Labels,
});
export type CourseItem = Static<typeof CourseItem>;

/** A subject (topic) card: /subject/detail/{id}. */
export const SubjectItem = Type.Object({
  ...CardFields,
  itemCount: Type.Integer({ description: 'Courses and contents in the subject.' }),
  courseCount: Type.Integer(),
  studyCount: Type.Integer(),
  favourCount: Type.Integer(),
  labels: Labels,
});
export type SubjectItem = Static<typeof SubjectItem>;

/** A content card; purpose picks the detail route (spec learning §2) and 5/6/7 are reading. */
export const ContentItem = Type.Object({
  ...CardFields,
  purpose: Type.Integer({ description: '1 micro-course, 2 knowledge, 3 content, 4 work, 5/6/7 reading, 99 help.' }),
  kind: Type.String({ description: 'video, audio, pdf, article or link.' }),
  author: Nullable(Type.String()),
  duration: Seconds('Length in seconds (0 for reading matter).'),
  mediaUrl: Nullable(Type.String({ description: 'Address of the media; for kind link, the external address.' })),
  partCount: Type.Integer({ description: 'Parts (episodes, chapters); 0 when the content is one piece.' }),
  viewCount: Type.Integer(),
  favourCount: Type.Integer(),
  labels: Labels,
});
export type ContentItem = Static<typeof ContentItem>;

/** A shared article or news card: /share/article/detail/{id}. */
export const ArticleItem = Type.Object({
  ...CardFields,
  kind: Type.String({ description: 'share or news.' }),
  author: Nullable(Type.String()),
  viewCount: Type.Integer(),
  favourCount: Type.Integer(),
});
export type ArticleItem = Static<typeof ArticleItem>;

/** A notice row: /user/center/study/noticeDetail. Notices have no cover. */
export const NoticeItem = Type.Object({
  id: Type.Integer(),
  title: Type.String(),
  summary: Nullable(Type.String()),
  categoryId: Nullable(Type.Integer()),
  categoryName: Nullable(Type.String()),
  top: Type.Boolean({ description: 'Pinned: listed before the others.' }),
  viewCount: Type.Integer(),
  publishTime: Type.String({ format: 'date-time' }),
});
export type NoticeItem = Static<typeof NoticeItem>;

const categoryFields = {
  id: Type.Integer(),
  parentId: Nullable(Type.Integer()),
  name: Type.String(),
  purpose: Type.Integer({ description: 'See docs/api.md "Category purposes"; 1 to 4 and 6 are the spec\'s jump purposes.' }),
  path: Type.String({ description: 'Ids from the root, "/3/17/": the categoryPath of the category jump.' }),
  icon: Nullable(Type.String()),
  sort: Type.Integer(),
};

/** A category without its children (child and nav calls). */
export const CategoryItem = Type.Object(categoryFields);
export type CategoryItem = Static<typeof CategoryItem>;

/** A category with its direct children (the nav call: two levels). */
export const CategoryNavItem = Type.Object({ ...categoryFields, children: Type.Array(CategoryItem) });
export type CategoryNavItem = Static<typeof CategoryNavItem>;

/** A category with all its descendants (categoryList). */
export const CategoryNode = Type.Cyclic({
  CategoryNode: Type.Object({ ...categoryFields, children: Type.Array(Type.Ref('CategoryNode')) }),
}, 'CategoryNode');
export interface CategoryNode extends CategoryItem {
  children: CategoryNode[];
}

// The queries of the cm lists (docs/api.md "Calls").

/** The query of GET /cm/api/course/search and /cm/api/subject/search. */
export const LabelledListQuery = Type.Object({ ...ListParams, ...LabelParam });

/** The query of GET /cm/api/content/search. */
export const ContentSearchQuery = Type.Object({
  ...ListParams,
  ...LabelParam,
  purpose: Type.Optional(Type.Array(Type.Integer(), {
    maxItems: 10,
    description: 'Content purpose, repeatable (purpose=5&purpose=6&purpose=7 for reading): 1 micro-course, 2 knowledge, 3 content, 4 work, 5/6/7 reading, 99 help. When absent: every purpose but help.',
  })),
  kind: Type.Optional(Type.Enum(['video', 'audio', 'pdf', 'article', 'link'], { description: 'Only contents of this kind.' })),
});

/** The query of GET /cm/api/content/info. */
export const ContentInfoQuery = Type.Object({
  tenantId: TenantIdParam,
  id: Type.Integer({ minimum: 1, description: 'The content id.' }),
  purpose: Type.Optional(Type.Integer({ description: 'Answer only when the content has this purpose, e.g. 99 for the help center; otherwise CONTENT_NOT_FOUND.' })),
});

/** The query of GET /cm/api/article/search. */
export const ArticleSearchQuery = Type.Object({ ...ListParams, kind: Type.Optional(Type.Enum(['share', 'news'], { description: 'share or news; both when absent.' })) });

/** The query of GET /cm/api/notice/searchAuth. */
export const NoticeSearchQuery = Type.Object(ListParams);

const Purpose = Type.Integer({ description: 'Category purpose: 1 courses and subjects, 2 knowledge, 3 micro-lessons and contents, 4 products, 6 search, 7 classes and rooms, 8 exams and surveys, 9 tasks and games, 10 articles and notices, 11 reading, 99 help.' });

/** The query of GET /cm/api/cmCategory/categoryList and /cm/api/cmCategory/nav. */
export const CategoryPurposeQuery = Type.Object({ tenantId: TenantIdParam, purpose: Type.Optional(Purpose) });

/** The query of GET /cm/api/cmCategory/child. */
export const CategoryChildQuery = Type.Object({ tenantId: TenantIdParam, parentId: Type.Integer({ minimum: 1, description: 'The category whose children to list.' }) });

/** At most this many related items. */
export const MAX_RELATED = 12;

/** The query of GET /cm/api/{course,subject,content}/searchRelate. */
export const RelateQuery = Type.Object({
  tenantId: TenantIdParam,
  id: Type.Integer({ minimum: 1, description: 'The item the others relate to.' }),
  pageSize: Type.Optional(Type.Integer({ minimum: 1, maximum: MAX_RELATED, default: 6, description: `How many, 1–${MAX_RELATED} (default 6).` })),
});
