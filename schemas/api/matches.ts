// Matches (issue 19 part F; spec learning §2 "Ranking and competitions": /match, /match/detail/{id},
// myMatch). The spec names no calls for matches: these are ours, under /task/api/match/ (docs/api.md
// "Matches"). Server routes validate with these (server/modules/task/matches-*.ts); src/api/matches.ts
// derives its types. The rules are in docs/growth.md "Matches".
import { Type, type Static } from 'typebox';
import { Id, TenantIdParam, Text } from '../common';
import { Nullable, PageNo, PageSize } from './list';

const DateTime = (description?: string) => Type.String({ format: 'date-time', ...(description ? { description } : {}) });

/** A submission's title: 2 to this many characters (ours, spec learning §5 "other rules: not shown"). */
export const MATCH_TITLE_MIN = 2;
export const MATCH_TITLE_MAX = 60;
/** A submission's text: at most this many characters, counted on the sanitised rich text's plain text. */
export const MATCH_TEXT_MAX = 5000;
/** Files of one submission: at most this many. */
export const MATCH_FILES_MAX = 9;
/** A judge's comment: at most this many characters. */
export const MATCH_COMMENT_MAX = 500;
/** Points units by final place (awardPoints match_place): 1st, 2nd, 3rd; every other placed entrant gets the last. */
export const MATCH_PLACE_UNITS: readonly number[] = [5, 3, 2, 1];

/**
 * Where a match stands at the server's clock: upcoming 未开始 (before its start, enrolment not open),
 * enrolling 报名中 (enrolment open, not started), in_progress 进行中, ended 已结束.
 */
export const MatchStatus = Type.Union([Type.Literal('upcoming'), Type.Literal('enrolling'), Type.Literal('in_progress'), Type.Literal('ended')]);
export type MatchStatus = Static<typeof MatchStatus>;

/** A file from the upload flow (spec shell §7 "Upload"). */
export const MatchFile = Type.Object({
  name: Text({ minLength: 1, maxLength: 200, description: 'The file name as chosen.' }),
  url: Type.String({ minLength: 1, maxLength: 1000, description: 'The fileUrl the upload returned: an upload of this tenant.' }),
  size: Type.Integer({ minimum: 0, maximum: 2_147_483_647, description: 'Bytes.' }),
  contentType: Type.String({ maxLength: 120 }),
});
export type MatchFile = Static<typeof MatchFile>;

/** The fields every match answer carries. */
const MatchFields = {
  id: Type.Integer(),
  title: Type.String(),
  summary: Type.String(),
  coverImg: Nullable(Type.String()),
  status: MatchStatus,
  enrollStart: DateTime(),
  enrollEnd: DateTime('Enrolment and withdrawal close.'),
  startTime: DateTime(),
  endTime: DateTime('Judging closes and the final places are written.'),
  entrantLimit: Nullable(Type.Integer({ description: 'null: no limit.' })),
  entrantCount: Type.Integer({ description: 'Enrolled entrants now.' }),
  stageCount: Type.Integer(),
  enrollOpen: Type.Boolean({ description: 'Inside the enrolment window (the limit may still be reached).' }),
  enrolled: Type.Boolean({ description: 'The caller is enrolled (false for guests).' }),
};

/** One card of the match list. */
export const MatchItem = Type.Object(MatchFields);
export type MatchItem = Static<typeof MatchItem>;

/** GET /task/api/match/search: published matches, filtered by status and a keyword in the title or summary. */
export const MatchSearchQuery = Type.Object({
  tenantId: TenantIdParam,
  pageNo: Type.Optional(PageNo), pageSize: Type.Optional(PageSize),
  status: Type.Optional(MatchStatus),
  keyword: Type.Optional(Type.String({ maxLength: 60, description: 'Part of the title or summary.' })),
});
export type MatchSearchQuery = Static<typeof MatchSearchQuery>;

/** An entrant's own submission to a stage, with the judge's score once given. */
export const MySubmission = Type.Object({
  id: Type.Integer(),
  title: Type.String(),
  content: Type.String({ description: 'Sanitised rich text.' }),
  attachments: Type.Array(MatchFile),
  submittedAt: DateTime(),
  revision: Type.Integer(),
  score: Nullable(Type.Integer()),
  judgeComment: Nullable(Type.String()),
  judgedAt: Nullable(DateTime()),
});
export type MySubmission = Static<typeof MySubmission>;

/** A stage as the caller sees it. */
export const MatchStage = Type.Object({
  id: Type.Integer(),
  sort: Type.Integer(),
  title: Type.String(),
  description: Type.String(),
  kind: Type.Union([Type.Literal('submission'), Type.Literal('exam')]),
  startTime: DateTime(),
  endTime: DateTime(),
  state: Type.Union([Type.Literal('upcoming'), Type.Literal('open'), Type.Literal('closed')]),
  maxScore: Nullable(Type.Integer({ description: 'submission: the most a judge gives; exam: the exam\'s total score.' })),
  examId: Nullable(Type.Integer({ description: 'exam: /exam/detail/{examId}.' })),
  examTitle: Nullable(Type.String()),
  canSubmit: Type.Boolean({ description: 'A submit now would be accepted (enrolled, open, not yet scored).' }),
  mine: Nullable(MySubmission),
  myExamScore: Nullable(Type.Integer({ description: 'exam: my best passed score inside the stage window.' })),
});
export type MatchStage = Static<typeof MatchStage>;

/** GET /task/api/match/detail. */
export const MatchDetail = Type.Object({
  ...MatchFields,
  rules: Type.String({ description: 'Rich text, sanitised when saved.' }),
  now: DateTime('The server clock.'),
  stages: Type.Array(MatchStage),
  canEnroll: Type.Boolean({ description: 'Signed in, not enrolled, enrolment open and a place left.' }),
  canWithdraw: Type.Boolean({ description: 'Enrolled, enrolment still open and nothing submitted.' }),
  isJudge: Type.Boolean({ description: 'A marker over this match or tenant-wide: the judging tab shows.' }),
  finalised: Type.Boolean({ description: 'Ended and the final places written.' }),
  myPlace: Nullable(Type.Integer({ description: 'My final place once finalised.' })),
  myPlacePoints: Nullable(Type.Integer()),
});
export type MatchDetail = Static<typeof MatchDetail>;

/** ?tenantId&id. */
export const MatchIdQuery = Type.Object({ tenantId: TenantIdParam, id: Id({ description: 'The match id.' }) });
export type MatchIdQuery = Static<typeof MatchIdQuery>;

/** POST enroll / cancelEnroll. */
export const MatchEnrollBody = Type.Object({ tenantId: TenantIdParam, matchId: Id({ description: 'The match id.' }) });
export type MatchEnrollBody = Static<typeof MatchEnrollBody>;

/** POST /task/api/match/submit: my work for an open submission stage (again while unscored). */
export const MatchSubmitBody = Type.Object({
  tenantId: TenantIdParam,
  stageId: Id({ description: 'The stage id.' }),
  title: Type.String({ maxLength: 200, description: `${MATCH_TITLE_MIN} to ${MATCH_TITLE_MAX} characters (checked by the handler, with its own message).` }),
  content: Type.String({ maxLength: 40_000, default: '', description: `Rich text; sanitised on save; at most ${MATCH_TEXT_MAX} characters of text.` }),
  attachments: Type.Array(MatchFile, { maxItems: 50, default: [], description: `At most ${MATCH_FILES_MAX} files from the upload flow (checked by the handler).` }),
});
export type MatchSubmitBody = Static<typeof MatchSubmitBody>;

/** One row of the scoreboard. */
export const ScoreboardRow = Type.Object({
  place: Nullable(Type.Integer({ description: 'null: nothing scored yet.' })),
  userId: Type.Integer(),
  userName: Type.String(),
  total: Type.Integer(),
  stageScores: Type.Array(Nullable(Type.Integer()), { description: 'One per stage, in the stages\' order; null: nothing counted.' }),
  lastAt: Nullable(DateTime('The latest counted submission (ties go to the earlier).')),
  me: Type.Boolean(),
});
export type ScoreboardRow = Static<typeof ScoreboardRow>;

/** GET /task/api/match/scoreboard. */
export const Scoreboard = Type.Object({
  matchId: Type.Integer(),
  final: Type.Boolean({ description: 'The match ended and these places are final.' }),
  stages: Type.Array(Type.Object({ id: Type.Integer(), title: Type.String() })),
  rows: Type.Array(ScoreboardRow),
});
export type Scoreboard = Static<typeof Scoreboard>;

/** GET /task/api/match/searchByUser: the matches I enrolled in (withdrawn ones too). */
export const MyMatchQuery = Type.Object({
  tenantId: TenantIdParam,
  pageNo: Type.Optional(PageNo), pageSize: Type.Optional(PageSize),
  status: Type.Optional(MatchStatus),
});
export type MyMatchQuery = Static<typeof MyMatchQuery>;

/** One of my matches, with my standing. */
export const MyMatchItem = Type.Object({
  ...MatchFields,
  myState: Type.Union([Type.Literal('enrolled'), Type.Literal('withdrawn')]),
  enrolledAt: DateTime(),
  total: Type.Integer({ description: 'My total so far.' }),
  place: Nullable(Type.Integer({ description: 'My place: final once the match ended, else my current rank; null: nothing scored.' })),
  placePoints: Nullable(Type.Integer({ description: 'Points my final place earned.' })),
  submittedStages: Type.Integer({ description: 'Submission stages I have submitted to.' }),
  scoredStages: Type.Integer({ description: 'Stages that count a score of mine.' }),
});
export type MyMatchItem = Static<typeof MyMatchItem>;

/** GET /task/api/match/judgeList: the submissions of a match for its judges. */
export const JudgeListQuery = Type.Object({
  tenantId: TenantIdParam,
  matchId: Id({ description: 'The match id.' }),
  stageId: Type.Optional(Id({ description: 'Only this stage.' })),
  pending: Type.Optional(Type.Boolean({ description: 'Only the unscored.' })),
});
export type JudgeListQuery = Static<typeof JudgeListQuery>;

/** One submission in the judging view. */
export const JudgeRow = Type.Object({
  id: Type.Integer(),
  stageId: Type.Integer(),
  stageTitle: Type.String(),
  maxScore: Type.Integer(),
  userId: Type.Integer(),
  userName: Type.String(),
  title: Type.String(),
  content: Type.String(),
  attachments: Type.Array(MatchFile),
  submittedAt: DateTime(),
  revision: Type.Integer(),
  score: Nullable(Type.Integer()),
  judgeComment: Nullable(Type.String()),
  judgeName: Nullable(Type.String()),
  judgedAt: Nullable(DateTime()),
});
export type JudgeRow = Static<typeof JudgeRow>;
export const JudgeList = Type.Array(JudgeRow);

/** POST /task/api/match/score: a judge's score (0 to the stage's maximum) and optional comment. */
export const MatchScoreBody = Type.Object({
  tenantId: TenantIdParam,
  submissionId: Id({ description: 'The submission id.' }),
  score: Type.Integer({ minimum: 0, maximum: 1000 }),
  comment: Type.Optional(Text({ maxLength: MATCH_COMMENT_MAX })),
});
export type MatchScoreBody = Static<typeof MatchScoreBody>;
