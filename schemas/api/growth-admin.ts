// The back-office's editors of competitions and games (issue 19 part I). The spec names no calls for
// them: these are ours, under /task/api/admin/ (docs/api.md "Growth: back-office"), guarded as
// /cfg/api/admin/* (tenantType 1 and adminAuth). server/modules/task/growth-admin-*.ts validates with
// these; src/features/admin/api/growth.ts derives its types. Rules: docs/growth.md "Back-office".
import { Type, type Static } from 'typebox';
import { Id, NullableInput, Paged, TenantIdParam, Text } from '../common';
import { MatchStatus } from './matches';
import { Nullable } from './list';

const DateTime = (description?: string) => Type.String({ format: 'date-time', ...(description ? { description } : {}) });

export const AdminTenantOnly = Type.Object({ tenantId: TenantIdParam });
export const AdminIdQuery = Type.Object({ tenantId: TenantIdParam, id: Id() });
export const AdminIdBody = AdminIdQuery;
export const AdminListQuery = Type.Object({
  tenantId: TenantIdParam,
  keyword: Type.Optional(Type.String({ maxLength: 60, description: 'Part of the title.' })),
  pageNo: Type.Integer({ minimum: 1, maximum: 10_000, default: 1 }),
  pageSize: Type.Integer({ minimum: 1, maximum: 100, default: 20 }),
});

// --- Matches ---
/** ours: a match's title, as the table's check (0032). */
export const MATCH_NAME_MIN = 2;
export const MATCH_NAME_MAX = 60;
export const MATCH_STAGES_MAX = 10;

export const AdminMatchRow = Type.Object({
  id: Type.Integer(), title: Type.String(), state: Type.Union([Type.Literal('published'), Type.Literal('draft')]), status: MatchStatus,
  enrollStart: DateTime(), enrollEnd: DateTime(), startTime: DateTime(), endTime: DateTime(),
  entrantLimit: Nullable(Type.Integer()), entrantCount: Type.Integer({ description: 'Enrolled now (withdrawn ones not counted).' }),
  everEnrolled: Type.Integer({ description: 'Anyone who ever enrolled, withdrawn too: while 0 the match may be deleted.' }),
  stageCount: Type.Integer(),
});
export type AdminMatchRow = Static<typeof AdminMatchRow>;
export const AdminMatchPage = Paged(AdminMatchRow);

export const StageKindInput = Type.Union([Type.Literal('submission'), Type.Literal('exam')]);
export const AdminStage = Type.Object({
  id: Type.Integer(), title: Type.String(), description: Type.String(), kind: StageKindInput,
  startTime: DateTime(), endTime: DateTime(), maxScore: Nullable(Type.Integer()), examId: Nullable(Type.Integer()), examTitle: Nullable(Type.String()),
  submissionCount: Type.Integer({ description: 'Entries handed in: while > 0 the stage keeps its kind and cannot be removed.' }),
});
export const AdminJudge = Type.Object({ userId: Type.Integer(), account: Type.String(), name: Type.String() });
export const AdminMatch = Type.Intersect([AdminMatchRow, Type.Object({
  summary: Type.String(), rules: Type.String({ description: 'Sanitised rich text.' }), coverImg: Nullable(Type.String()),
  stages: Type.Array(AdminStage), judges: Type.Array(AdminJudge),
})]);
export type AdminMatch = Static<typeof AdminMatch>;

export const StageInput = Type.Object({
  id: Type.Optional(Id({ description: 'An existing stage of this match; absent: a new one.' })),
  title: Text({ minLength: 1, maxLength: 60 }),
  description: Type.String({ maxLength: 2000, default: '' }),
  kind: StageKindInput,
  startTime: DateTime(), endTime: DateTime(),
  maxScore: NullableInput(Type.Integer({ minimum: 1, maximum: 1000, description: 'submission: the judges\' maximum; exam: null.' })),
  examId: NullableInput(Type.Integer({ minimum: 1, description: 'exam: one of the tenant\'s exams; submission: null.' })),
});
export type StageInput = Static<typeof StageInput>;
export const MatchInput = Type.Object({
  id: Type.Optional(Id()),
  title: Type.String({ maxLength: 200 }),
  summary: Type.String({ maxLength: 200, default: '' }),
  rules: Type.String({ maxLength: 20000, default: '', description: 'Rich text; sanitised on save.' }),
  coverImg: NullableInput(Type.String({ maxLength: 500 })),
  enrollStart: DateTime(), enrollEnd: DateTime(), startTime: DateTime(), endTime: DateTime(),
  entrantLimit: NullableInput(Type.Integer({ minimum: -1_000_000, maximum: 1_000_000, description: 'At least 1; null: no limit.' })),
  state: Type.Union([Type.Literal('published'), Type.Literal('draft')]),
  stages: Type.Array(StageInput, { maxItems: 50, description: 'In order; ids keep a stage (and its entries).' }),
});
export type MatchInput = Static<typeof MatchInput>;
export const SaveMatchBody = Type.Object({ tenantId: TenantIdParam, match: MatchInput });
export const JudgeBody = Type.Object({ tenantId: TenantIdParam, id: Id({ description: 'The match.' }), userId: Id(), grant: Type.Boolean({ description: 'true: grant marker over the match; false: revoke it.' }) });
export const MatchChoices = Type.Object({ exams: Type.Array(Type.Object({ id: Type.Integer(), title: Type.String(), published: Type.Boolean() })) });

// --- Games ---
export const GAME_ROUNDS_MAX = 30;
export const GAME_QUESTIONS_MAX = 50;
export const GameKindInput = Type.Union([Type.Literal('single'), Type.Literal('multiple'), Type.Literal('judge')]);
export const GameOption = Type.Object({ key: Type.String({ minLength: 1, maxLength: 4 }), text: Type.String({ maxLength: 500 }) });
export const GameQuestionInput = Type.Object({
  id: Type.Optional(Id()),
  kind: GameKindInput,
  stem: Type.String({ maxLength: 2000 }),
  options: Type.Array(GameOption, { maxItems: 10 }),
  answer: Type.Array(Type.String({ maxLength: 4 }), { maxItems: 10 }),
  explanation: NullableInput(Type.String({ maxLength: 2000 })),
  score: Type.Integer({ minimum: 1, maximum: 100, default: 1 }),
});
export type GameQuestionInput = Static<typeof GameQuestionInput>;
export const GameRoundInput = Type.Object({
  id: Type.Optional(Id()),
  title: Type.String({ maxLength: 200 }),
  content: Type.String({ maxLength: 20000, default: '', description: 'The material studied before the questions: plain text.' }),
  timeLimit: Type.Integer({ minimum: 10, maximum: 7200, default: 120, description: 'Seconds.' }),
  passScore: Type.Integer({ minimum: 0, maximum: 100, default: 60, description: 'Percent.' }),
  questions: Type.Array(GameQuestionInput, { maxItems: GAME_QUESTIONS_MAX }),
});
export type GameRoundInput = Static<typeof GameRoundInput>;
export const GameInput = Type.Object({
  id: Type.Optional(Id()),
  title: Type.String({ maxLength: 200 }),
  cover: NullableInput(Type.String({ maxLength: 500 })),
  summary: Type.String({ maxLength: 500, default: '' }),
  rounds: Type.Array(GameRoundInput, { maxItems: GAME_ROUNDS_MAX, description: 'In order; ids keep a round (and its attempts).' }),
});
export type GameInput = Static<typeof GameInput>;
export const SaveGameBody = Type.Object({ tenantId: TenantIdParam, game: GameInput });
export const PublishGameBody = Type.Object({ tenantId: TenantIdParam, id: Id(), published: Type.Boolean() });

export const AdminGameRow = Type.Object({
  id: Type.Integer(), title: Type.String(), published: Type.Boolean(), roundCount: Type.Integer(), playerCount: Type.Integer(),
  publishTime: DateTime(),
});
export type AdminGameRow = Static<typeof AdminGameRow>;
export const AdminGamePage = Paged(AdminGameRow);
export const AdminGameQuestion = Type.Object({
  id: Type.Integer(), kind: GameKindInput, stem: Type.String(), options: Type.Array(GameOption), answer: Type.Array(Type.String()),
  explanation: Nullable(Type.String()), score: Type.Integer(),
});
export const AdminGameRound = Type.Object({
  id: Type.Integer(), sort: Type.Integer(), title: Type.String(), content: Type.String(), timeLimit: Type.Integer(), passScore: Type.Integer(),
  attemptCount: Type.Integer(), questions: Type.Array(AdminGameQuestion),
});
export const AdminGame = Type.Intersect([AdminGameRow, Type.Object({
  cover: Nullable(Type.String()), summary: Type.String(), played: Type.Boolean({ description: 'Somebody started it: its rounds cannot be removed or reordered.' }),
  rounds: Type.Array(AdminGameRound),
})]);
export type AdminGame = Static<typeof AdminGame>;

export const ContentsQuery = Type.Object({ tenantId: TenantIdParam, keyword: Type.Optional(Type.String({ maxLength: 60 })) });
export const ContentChoice = Type.Object({ id: Type.Integer(), title: Type.String(), kind: Type.String(), summary: Type.String() });
export const BankCategoryChoice = Type.Object({ id: Type.Integer(), name: Type.String(), parentId: Nullable(Type.Integer()), questionCount: Type.Integer() });
export const BankImportQuery = Type.Object({
  tenantId: TenantIdParam, categoryId: Id(), count: Type.Integer({ minimum: 1, maximum: GAME_QUESTIONS_MAX, default: 10 }),
});
