import { Type, type Static } from 'typebox';
import { TenantIdParam } from '../../common';
import { Nullable, PageNo, PageSize } from '../list';

// Favourites, comments with scores and appraisals (spec learning §7 "Comments and favourites";
// docs/api.md "Favourites, comments and scores").

/** spec learning §7: the most characters a comment keeps after trimming and filtering. */
export const COMMENT_MAX_CHARS = 500;
/** The most comments one user may write per minute (counted in the database, so every API node agrees). */
export const COMMENTS_PER_MINUTE = 10;

export const TargetType = Type.Enum(['course', 'subject', 'content'], { description: 'What the call is about: course, subject or content.' });
export type TargetType = Static<typeof TargetType>;
const TargetId = Type.Integer({ minimum: 1, description: 'The id of the course, subject or content.' });
const Score = Type.Integer({ minimum: 1, maximum: 5, description: 'Stars, 1 to 5.' });

/** The target a call names. */
export const TargetQuery = Type.Object({ tenantId: TenantIdParam, targetType: TargetType, targetId: TargetId });
export const TargetBody = TargetQuery;

export const PagedTargetQuery = Type.Object({
  tenantId: TenantIdParam, targetType: TargetType, targetId: TargetId,
  pageNo: Type.Optional(PageNo), pageSize: Type.Optional(PageSize),
});

export const MyPageQuery = Type.Object({ tenantId: TenantIdParam, pageNo: Type.Optional(PageNo), pageSize: Type.Optional(PageSize) });

export const FavoriteSearchQuery = Type.Object({
  tenantId: TenantIdParam,
  type: TargetType,
  pageNo: Type.Optional(PageNo), pageSize: Type.Optional(PageSize),
});

export const SaveCommentBody = Type.Object({
  tenantId: TenantIdParam, targetType: TargetType, targetId: TargetId,
  // The bound is on the raw text; the 500-character limit applies after trimming and filtering.
  content: Type.String({ maxLength: 2000, description: 'The comment, plain text: trimmed, filtered (spec learning §5), then 1 to 500 characters.' }),
  score: Type.Optional(Nullable(Score)),
});

export const SaveScoreBody = Type.Object({ tenantId: TenantIdParam, targetType: TargetType, targetId: TargetId, score: Score });

export const DelCommentBody = Type.Object({ tenantId: TenantIdParam, id: Type.Integer({ minimum: 1, description: 'The comment id.' }) });

export const SaveAppraiseBody = Type.Object({
  tenantId: TenantIdParam, targetType: TargetType, targetId: TargetId,
  value: Type.Integer({ minimum: -1, maximum: 1, description: '1 like, -1 dislike, 0 take the appraisal back.' }),
});

/** A comment as the public list shows it: the author's display name, never an account or mobile. */
export const CommentItem = Type.Object({
  id: Type.Integer(),
  content: Type.String({ description: 'Plain text; render it as text, never as HTML.' }),
  score: Nullable(Score),
  createTime: Type.String({ format: 'date-time' }),
  userName: Type.String({ description: 'The author\'s nickname, else real name, else 学员.' }),
  avatar: Nullable(Type.String()),
  mine: Type.Boolean({ description: 'True when the caller wrote it (and may delete it).' }),
});
export type CommentItem = Static<typeof CommentItem>;

/** One of my comments with what it is about. */
export const MyCommentItem = Type.Object({
  id: Type.Integer(),
  content: Type.String(),
  score: Nullable(Score),
  createTime: Type.String({ format: 'date-time' }),
  targetType: TargetType,
  targetId: Type.Integer(),
  targetTitle: Nullable(Type.String({ description: 'null when the target was taken off shelf.' })),
});
export type MyCommentItem = Static<typeof MyCommentItem>;

/** The rating summary: each user's newest score counts once. */
export const ScoreSummary = Type.Object({
  average: Type.Number({ description: 'Mean of the scores, one decimal; 0 when nobody scored.' }),
  count: Type.Integer({ description: 'How many users scored.' }),
  distribution: Type.Object({ 1: Type.Integer(), 2: Type.Integer(), 3: Type.Integer(), 4: Type.Integer(), 5: Type.Integer() }),
});
export type ScoreSummary = Static<typeof ScoreSummary>;

export const FavoriteState = Type.Object({
  favorited: Type.Boolean({ description: 'True when the caller has the target among their favourites (false for guests).' }),
  count: Type.Integer({ description: 'How many users have it among their favourites.' }),
});
export type FavoriteState = Static<typeof FavoriteState>;

export const AppraiseSummary = Type.Object({
  likeCount: Type.Integer(),
  dislikeCount: Type.Integer(),
  mine: Type.Integer({ minimum: -1, maximum: 1, description: 'The caller\'s appraisal: 1, -1, or 0 (none, or a guest).' }),
});
export type AppraiseSummary = Static<typeof AppraiseSummary>;

/** A favourite with its target's card. */
export const FavoriteItem = Type.Object({
  targetType: TargetType,
  targetId: Type.Integer(),
  title: Type.String(),
  cover: Nullable(Type.String()),
  summary: Nullable(Type.String()),
  favoriteTime: Type.String({ format: 'date-time' }),
});
export type FavoriteItem = Static<typeof FavoriteItem>;
