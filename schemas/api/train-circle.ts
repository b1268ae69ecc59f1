// The discussion circle and the learner's activity feed of spec learning §7 "Training" (issue 17),
// split from train-classes-more.ts along that seam. Server routes validate with these
// (server/modules/train/classes-social-routes.ts, classes-feed-routes.ts); src/ derives its types.
import { Type, type Static } from 'typebox';
import { TenantIdParam } from '../common';
import { Nullable } from './list';
import { ClassesId, DateTime, Id, Paging, UserText } from './train-classes-more';

// --- The discussion circle: /train/api/circle/* (a class's circle; its id is the class id) ---------

/** GET /train/api/circle/myList: the circles (classes) I am a member or teacher of. */
export const Circle = Type.Object({
  id: Type.Integer({ description: 'The class id.' }),
  title: Type.String(),
  cover: Nullable(Type.String()),
  memberCount: Type.Integer(),
  postCount: Type.Integer(),
  lastPostTime: Nullable(DateTime()),
  isTeacher: Type.Boolean(),
});
export type Circle = Static<typeof Circle>;

/** GET /train/api/circle/detail?id: one circle, for members and its teachers only. */
export const CircleDetail = Type.Object({
  ...Circle.properties,
  summary: Nullable(Type.String()),
  canModerate: Type.Boolean(),
});
export type CircleDetail = Static<typeof CircleDetail>;

/** ?tenantId&id: the circle. */
export const CircleQuery = Type.Object({ tenantId: TenantIdParam, id: ClassesId });
/** ?tenantId&id&pageNo&pageSize: its posts, newest first. */
export const CirclePostsQuery = Type.Object({ tenantId: TenantIdParam, id: ClassesId, ...Paging });
export type CirclePostsQuery = Static<typeof CirclePostsQuery>;

export const CircleReply = Type.Object({
  id: Type.Integer(), userId: Type.Integer(), name: Type.String(), avatar: Nullable(Type.String()),
  content: Type.String(), createdAt: DateTime(), canDelete: Type.Boolean(),
});
export type CircleReply = Static<typeof CircleReply>;
export const CirclePost = Type.Object({
  ...CircleReply.properties,
  replies: Type.Array(CircleReply, { description: 'Oldest first.' }),
});
export type CirclePost = Static<typeof CirclePost>;

/** POST /train/api/circle/post: a new post in the circle (members and teachers). */
export const CirclePostBody = Type.Object({ tenantId: TenantIdParam, id: ClassesId, content: UserText });
export type CirclePostBody = Static<typeof CirclePostBody>;
/** POST /train/api/circle/reply: a reply to a post. */
export const CircleReplyBody = Type.Object({ tenantId: TenantIdParam, postId: Id('The post replied to.'), content: UserText });
export type CircleReplyBody = Static<typeof CircleReplyBody>;
// POST /train/api/circle/delete takes DeleteBody (own post or reply; a teacher of the class any).

// --- The activity feed: GET /um/api/activity/search ----------------------------------------------

export const ActivityType = Type.Enum(['enrol', 'signIn', 'courseFinish', 'liveJoin', 'comment', 'post'], {
  description: 'enrol: joined a class; signIn: class attendance; courseFinish: finished a course; liveJoin: entered a live room; comment: commented on a class; post: wrote in a circle.',
});
export type ActivityType = Static<typeof ActivityType>;

/** One event of my activity, newest first. */
export const Activity = Type.Object({
  type: ActivityType,
  at: DateTime(),
  targetId: Type.Integer({ description: 'The class, course or room id.' }),
  targetTitle: Type.String(),
  detail: Nullable(Type.String({ description: 'The session title, comment text, …' })),
  link: Type.String({ description: 'The portal route that opens the target, under /study (e.g. /classes/detail/3).' }),
});
export type Activity = Static<typeof Activity>;

/** ?tenantId&type&pageNo&pageSize. */
export const ActivityQuery = Type.Object({ tenantId: TenantIdParam, type: Type.Optional(ActivityType), ...Paging });
export type ActivityQuery = Static<typeof ActivityQuery>;
