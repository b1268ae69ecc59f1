// Points, levels and ranking (issue 19 part C; spec learning §7 cfg and um, §9 "points ranking ...
// not shown": the rules are ours, docs/growth.md "Points, levels and ranking"). Server routes
// validate with these (server/modules/um/points-*.ts); src/api/points.ts derives its types.
import { Type, type Static } from 'typebox';
import { NullableInput, TenantIdParam } from '../common';
import { Nullable, PageNo, PageParams, PageSize } from './list';

/** What earns points (server/lib/points.ts PointsKind). */
export const POINTS_KINDS = [
  'sign_in', 'study_time', 'content_finish', 'course_finish', 'exam_pass', 'task_finish', 'game_round', 'comment', 'match_place', 'autonomy_study',
] as const;
export const PointsKindSchema = Type.Union([
  Type.Literal('sign_in'), Type.Literal('study_time'), Type.Literal('content_finish'), Type.Literal('course_finish'), Type.Literal('exam_pass'),
  Type.Literal('task_finish'), Type.Literal('game_round'), Type.Literal('comment'), Type.Literal('match_place'), Type.Literal('autonomy_study'),
], { description: 'What earned the points.' });
export type PointsKindName = (typeof POINTS_KINDS)[number];

/** A board's or a ledger's period: this week (from Monday), this month, or all time; days are the tenant's. */
export const PointsPeriod = Type.Union([Type.Literal('week'), Type.Literal('month'), Type.Literal('all')], {
  description: 'week: since Monday; month: since the 1st; all: all time (the tenant\'s calendar days).',
});
export type PointsPeriod = Static<typeof PointsPeriod>;

export const TenantQuery = Type.Object({ tenantId: TenantIdParam });
export type TenantQuery = Static<typeof TenantQuery>;

/** One rule as learners read it. */
export const PointsRule = Type.Object({
  kind: PointsKindSchema,
  name: Type.String({ description: 'The kind as learners read it, in the tenant\'s language.' }),
  points: Type.Integer({ description: 'Points per unit.' }),
  step: Type.Integer({ description: 'Units per award (study_time, autonomy_study: minutes); most kinds 1.' }),
  dailyCap: Nullable(Type.Integer({ description: 'Most points of the kind a day; null: no cap.' })),
  enabled: Type.Boolean({ description: 'Off: the kind earns nothing for now.' }),
  description: Type.String(),
  sort: Type.Integer(),
});
export type PointsRule = Static<typeof PointsRule>;

/** A level, held from minPoints of total points on. */
export const PointsLevel = Type.Object({
  id: Type.Integer(),
  name: Type.String(),
  minPoints: Type.Integer(),
  maxPoints: Nullable(Type.Integer({ description: 'The last total of the level (the next level\'s minimum − 1); null for the top level.' })),
});
export type PointsLevel = Static<typeof PointsLevel>;

/** Today's points of one kind against its cap. */
export const PointsToday = Type.Object({
  kind: PointsKindSchema,
  name: Type.String(),
  points: Type.Integer({ description: 'Earned today.' }),
  dailyCap: Nullable(Type.Integer()),
});
export type PointsToday = Static<typeof PointsToday>;

/** GET /um/api/userIntegrate/userScore: the caller's points standing. */
export const UserScore = Type.Object({
  total: Type.Integer({ description: 'All-time points (the ledger\'s sum).' }),
  level: Nullable(PointsLevel),
  nextLevel: Nullable(PointsLevel),
  toNextLevel: Nullable(Type.Integer({ description: 'Points still needed for the next level; null at the top.' })),
  levelProgress: Type.Integer({ minimum: 0, maximum: 100, description: 'Percent of the way from this level to the next (100 at the top).' }),
  today: Type.String({ description: 'The tenant\'s date, YYYY-MM-DD.' }),
  todayPoints: Type.Integer(),
  weekPoints: Type.Integer(),
  monthPoints: Type.Integer(),
  todayByKind: Type.Array(PointsToday, { description: 'Every rule that is on, with today\'s points against its cap.' }),
  signedInToday: Type.Boolean(),
  rank: Nullable(Type.Integer({ description: 'All-time place on the tenant\'s board; null without points.' })),
});
export type UserScore = Static<typeof UserScore>;

/** The query of GET /um/api/userIntegrate/userLog. */
export const UserLogQuery = Type.Object({
  tenantId: TenantIdParam,
  pageNo: Type.Optional(PageNo),
  pageSize: Type.Optional(PageSize),
  kind: Type.Optional(PointsKindSchema),
  period: Type.Optional(PointsPeriod),
});
export type UserLogQuery = Static<typeof UserLogQuery>;

/** One ledger row. */
export const UserLogItem = Type.Object({
  id: Type.Integer(),
  kind: PointsKindSchema,
  kindName: Type.String({ description: 'The rule\'s name in the tenant\'s language.' }),
  points: Type.Integer(),
  note: Nullable(Type.String()),
  day: Type.String({ description: 'The tenant\'s date of the award, YYYY-MM-DD.' }),
  createdAt: Type.String({ format: 'date-time' }),
});
export type UserLogItem = Static<typeof UserLogItem>;

/** The answer of POST /um/api/userIntegrate/signIn. */
export const SignInResult = Type.Object({
  points: Type.Integer({ description: 'Points the check-in added.' }),
  total: Type.Integer(),
  today: Type.String(),
});
export type SignInResult = Static<typeof SignInResult>;

export const TenantBody = Type.Object({ tenantId: TenantIdParam });
export type TenantBody = Static<typeof TenantBody>;

/** The query of GET /um/api/userIntegrate/rank: the first two fields as before, period and org ours. */
export const PointsRankQuery = Type.Object({
  ...PageParams,
  period: Type.Optional(PointsPeriod),
  orgName: Type.Optional(Type.String({ minLength: 1, maxLength: 100, description: 'Only learners of this organisation (user org name), ranked among themselves.' })),
});
export type PointsRankQuery = Static<typeof PointsRankQuery>;

/** A row of the points board (unchanged from issue 7's IntegralRankItem). */
export const PointsRankRow = Type.Object({
  rank: Type.Integer({ description: 'From 1; equal points share a rank.' }),
  userId: Type.Integer(),
  name: Type.String({ description: 'Nickname, else real name; never the account.' }),
  avatar: Nullable(Type.String()),
  points: Type.Integer(),
});
export type PointsRankRow = Static<typeof PointsRankRow>;

/** A page of the board, and the caller's own place (signed in) wherever it falls. */
export const PointsRankPage = Type.Object({
  list: Type.Array(PointsRankRow),
  total: Type.Integer(),
  pageNo: Type.Integer(),
  pageSize: Type.Integer(),
  me: Type.Optional(Type.Object({
    rank: Nullable(Type.Integer({ description: 'null: no points in the period (or not in the org).' })),
    userId: Type.Integer(),
    name: Type.String(),
    avatar: Nullable(Type.String()),
    points: Type.Integer(),
  }, { description: 'Present when the caller is signed in on this tenant.' })),
});
export type PointsRankPage = Static<typeof PointsRankPage>;

/** The query of GET /um/api/userIntegrate/studyRank (ours): the /rank page's study-time and completion boards. */
export const StudyRankQuery = Type.Object({
  ...PageParams,
  period: Type.Optional(PointsPeriod),
  by: Type.Union([Type.Literal('time'), Type.Literal('finish')], { description: 'time: seconds studied; finish: contents finished.' }),
});
export type StudyRankQuery = Static<typeof StudyRankQuery>;

/** A row of a study board. */
export const StudyRankRow = Type.Object({
  rank: Type.Integer({ description: 'From 1; equal values share a rank.' }),
  userId: Type.Integer(),
  name: Type.String({ description: 'Nickname, else real name; never the account.' }),
  avatar: Nullable(Type.String()),
  value: Type.Integer({ description: 'by time: seconds studied in the period; by finish: contents finished in it.' }),
});
export type StudyRankRow = Static<typeof StudyRankRow>;

export const StudyRankPage = Type.Object({
  list: Type.Array(StudyRankRow),
  total: Type.Integer(),
  pageNo: Type.Integer(),
  pageSize: Type.Integer(),
  me: Type.Optional(Type.Object({
    rank: Nullable(Type.Integer()), userId: Type.Integer(), name: Type.String(), avatar: Nullable(Type.String()), value: Type.Integer(),
  }, { description: 'Present when the caller is signed in on this tenant.' })),
});
export type StudyRankPage = Static<typeof StudyRankPage>;

/** GET /um/api/userIntegrate/orgList: the organisations the board can filter by. */
export const PointsOrgList = Type.Array(Type.String());

// --- Back-office (/sub_admin/myAdmin 积分规则) ---
export const PointsRuleSaveBody = Type.Object({
  tenantId: TenantIdParam,
  kind: PointsKindSchema,
  name: Type.String({ minLength: 1, maxLength: 40 }),
  points: Type.Integer({ minimum: 0, maximum: 10_000 }),
  step: Type.Integer({ minimum: 1, maximum: 1440 }),
  dailyCap: NullableInput(Type.Integer({ minimum: 1, maximum: 100_000, description: 'null: no cap.' })),
  enabled: Type.Boolean(),
  description: Type.String({ maxLength: 200 }),
});
export type PointsRuleSaveBody = Static<typeof PointsRuleSaveBody>;

export const PointsLevelsSaveBody = Type.Object({
  tenantId: TenantIdParam,
  levels: Type.Array(Type.Object({
    name: Type.String({ minLength: 1, maxLength: 40 }),
    minPoints: Type.Integer({ minimum: 0, maximum: 10_000_000 }),
  }), { minItems: 1, maxItems: 20 }),
});
export type PointsLevelsSaveBody = Static<typeof PointsLevelsSaveBody>;
