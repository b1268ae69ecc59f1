// The back-office's question bank, exam builder, role grants and practice sets (issue 18 part A;
// docs/api.md "Exams: back-office", docs/exams.md). Every call is the back-office's (tenantType 1 and
// adminAuth, as /cfg/api/admin/*). Server routes validate with these; the admin feature derives its types.
import { Type, type Static } from 'typebox';
import { Id, PageQuery, Paged, TenantIdParam } from '../common';
import { Nullable } from './list';

const DateTime = Type.String({ format: 'date-time' });
/** The kinds a bank question may have (text is a survey's free answer, not a bank kind). */
export const BankKind = Type.Union([
  Type.Literal('single'), Type.Literal('multiple'), Type.Literal('judge'), Type.Literal('fill'), Type.Literal('short'), Type.Literal('composite'),
]);
export type BankKind = Static<typeof BankKind>;
export const BANK_KINDS: readonly BankKind[] = ['single', 'multiple', 'judge', 'fill', 'short', 'composite'];

export const TenantOnly = Type.Object({ tenantId: TenantIdParam });
export const IdBody = Type.Object({ tenantId: TenantIdParam, id: Id() });
/** The query of the GET calls that take one id. */
export const IdQuery = Type.Object({ tenantId: TenantIdParam, id: Id() });

// --- Categories ---
export const BankCategory = Type.Object({
  id: Type.Integer(),
  parentId: Nullable(Type.Integer()),
  name: Type.String(),
  sort: Type.Integer(),
  questionCount: Type.Integer({ description: 'Active top-level questions directly in this category.' }),
});
export type BankCategory = Static<typeof BankCategory>;

export const SaveCategoryBody = Type.Object({
  tenantId: TenantIdParam,
  id: Type.Optional(Id({ description: 'Absent: create.' })),
  name: Type.String({ maxLength: 100 }),
  parentId: Type.Optional(Type.Union([Type.Null(), Id()], { description: 'null: a top-level category (moves it to the top on edit).' })),
});

// --- Questions ---
export const BankOption = Type.Object({ key: Type.String({ maxLength: 2 }), text: Type.String({ maxLength: 1000 }) });

/** A question as the form edits it; sub-questions only for a composite. */
const QuestionFields = {
  kind: BankKind,
  stem: Type.String({ maxLength: 4000 }),
  options: Type.Array(BankOption, { maxItems: 8 }),
  answer: Type.Union([Type.Null(), Type.Array(Type.String({ maxLength: 200 }), { maxItems: 8 }), Type.Array(Type.Array(Type.String({ maxLength: 200 }), { maxItems: 10 }), { maxItems: 20 })], {
    description: 'single/multiple/judge: the right option keys; fill: the accepted answers of each blank; short/composite: null.',
  }),
  reference: Type.Optional(Nullable(Type.String({ maxLength: 4000 }))),
  explanation: Type.Optional(Nullable(Type.String({ maxLength: 4000 }))),
  difficulty: Type.Integer({ minimum: 1, maximum: 5 }),
  score: Type.Integer({ minimum: 0, maximum: 1000 }),
};
export const BankSubQuestionInput = Type.Object(QuestionFields);
export const BankQuestionInput = Type.Object({
  ...QuestionFields,
  id: Type.Optional(Id({ description: 'Absent: create.' })),
  categoryId: Id(),
  children: Type.Optional(Type.Array(BankSubQuestionInput, { maxItems: 30 })),
});
export type BankQuestionInput = Static<typeof BankQuestionInput>;
export const SaveQuestionBody = Type.Object({ tenantId: TenantIdParam, question: BankQuestionInput });

export const BankQuestion = Type.Object({
  id: Type.Integer(),
  categoryId: Type.Integer(),
  categoryName: Type.String(),
  kind: BankKind,
  stem: Type.String(),
  options: Type.Array(BankOption),
  answer: Type.Union([Type.Null(), Type.Array(Type.String()), Type.Array(Type.Array(Type.String()))]),
  reference: Nullable(Type.String()),
  explanation: Nullable(Type.String()),
  difficulty: Type.Integer(),
  score: Type.Integer(),
  state: Type.Union([Type.Literal('active'), Type.Literal('archived')]),
  usedBy: Type.Integer({ description: 'Exams whose paper holds a copy of it.' }),
  updatedAt: DateTime,
  children: Type.Array(Type.Object({
    id: Type.Integer(), kind: BankKind, stem: Type.String(), options: Type.Array(BankOption),
    answer: Type.Union([Type.Null(), Type.Array(Type.String()), Type.Array(Type.Array(Type.String()))]),
    reference: Nullable(Type.String()), explanation: Nullable(Type.String()), difficulty: Type.Integer(), score: Type.Integer(),
  })),
});
export type BankQuestion = Static<typeof BankQuestion>;

export const QuestionsQuery = Type.Object({
  tenantId: TenantIdParam,
  categoryId: Type.Optional(Id({ description: 'The category and its sub-categories.' })),
  kind: Type.Optional(BankKind),
  difficulty: Type.Optional(Type.Integer({ minimum: 1, maximum: 5 })),
  text: Type.Optional(Type.String({ maxLength: 100, description: 'Part of the stem.' })),
  state: Type.Optional(Type.Union([Type.Literal('active'), Type.Literal('archived')], { default: 'active' })),
  ...PageQuery,
});
export const BankQuestionPage = Paged(BankQuestion);

export const ArchiveResult = Type.Object({
  outcome: Type.Union([Type.Literal('deleted'), Type.Literal('archived'), Type.Literal('restored')], {
    description: 'deleted: no exam used it; archived: an exam holds a copy, so it stays (hidden from the bank and draws).',
  }),
});
export const ArchiveBody = Type.Object({ tenantId: TenantIdParam, id: Id(), restore: Type.Optional(Type.Boolean()) });

// --- Import ---
export const ImportBody = Type.Object({
  tenantId: TenantIdParam,
  fileName: Type.String({ maxLength: 200 }),
  data: Type.String({ maxLength: 8_000_000, description: 'The .xlsx file, base64.' }),
});
export const ImportError = Type.Object({
  row: Type.Integer({ description: 'The spreadsheet row (1 is the header).' }),
  column: Type.String({ description: 'The column letter and name, e.g. "K 答案".' }),
  reason: Type.String(),
});
export type ImportError = Static<typeof ImportError>;
export const ImportResult = Type.Object({
  imported: Type.Integer({ description: 'Questions written: 0 whenever errors is not empty (all or nothing).' }),
  createdCategories: Type.Array(Type.String()),
  errors: Type.Array(ImportError),
});
export type ImportResult = Static<typeof ImportResult>;

// --- Exams ---
export const DrawRuleInput = Type.Object({
  categoryId: Id(),
  kind: Type.Optional(Nullable(BankKind)),
  difficulty: Type.Optional(Nullable(Type.Integer({ minimum: 1, maximum: 5 }))),
  count: Type.Integer({ minimum: 1, maximum: 200 }),
  score: Type.Integer({ minimum: 0, maximum: 1000 }),
});
export type DrawRuleInput = Static<typeof DrawRuleInput>;

export const ExamSettingsInput = Type.Object({
  id: Type.Optional(Id({ description: 'Absent: create (as a draft).' })),
  title: Type.String({ maxLength: 200 }),
  type: Type.Union([Type.Literal('exam'), Type.Literal('survey')]),
  categoryId: Type.Optional(Nullable(Id())),
  cover: Type.Optional(Nullable(Type.String({ maxLength: 1000 }))),
  summary: Type.Optional(Nullable(Type.String({ maxLength: 2000 }))),
  startTime: DateTime,
  endTime: Type.Optional(Nullable(DateTime)),
  duration: Type.Integer({ minimum: 0, maximum: 1440, description: 'Minutes; 0: no limit.' }),
  passScore: Type.Optional(Nullable(Type.Integer({ minimum: 0, maximum: 100000 }))),
  maxAttempts: Type.Optional(Nullable(Type.Integer({ minimum: 1, maximum: 100 }))),
  allowPreview: Type.Boolean(),
  allowPractice: Type.Boolean(),
  audience: Type.Union([Type.Literal('all'), Type.Literal('classes')]),
  audienceClasses: Type.Array(Id(), { maxItems: 200 }),
  blindMarking: Type.Boolean(),
});
export type ExamSettingsInput = Static<typeof ExamSettingsInput>;
export const SaveExamBody = Type.Object({ tenantId: TenantIdParam, exam: ExamSettingsInput });

export const PaperQuestionInput = Type.Object({ bankQuestionId: Id(), score: Type.Integer({ minimum: 0, maximum: 1000 }) });
export const SavePaperBody = Type.Object({
  tenantId: TenantIdParam,
  examId: Id(),
  paperMode: Type.Union([Type.Literal('fixed'), Type.Literal('random')]),
  questions: Type.Array(PaperQuestionInput, { maxItems: 300, description: 'fixed: the bank questions in paper order with their points.' }),
  drawRules: Type.Array(DrawRuleInput, { maxItems: 50, description: 'random: what each attempt draws.' }),
});

export const PublishBody = Type.Object({ tenantId: TenantIdParam, id: Id(), published: Type.Boolean() });

export const RoleHolder = Type.Object({ userId: Type.Integer(), account: Type.String(), name: Type.String() });

export const AdminExamRow = Type.Object({
  id: Type.Integer(),
  title: Type.String(),
  type: Type.Union([Type.Literal('exam'), Type.Literal('survey')]),
  published: Type.Boolean(),
  paperMode: Type.Union([Type.Literal('fixed'), Type.Literal('random')]),
  questionCount: Type.Integer(),
  totalScore: Nullable(Type.Integer()),
  startTime: DateTime,
  endTime: Nullable(DateTime),
  attemptCount: Type.Integer(),
});
export const AdminExamsQuery = Type.Object({ tenantId: TenantIdParam, text: Type.Optional(Type.String({ maxLength: 100 })), ...PageQuery });
export const AdminExamPage = Paged(AdminExamRow);

export const PaperQuestion = Type.Object({
  bankQuestionId: Nullable(Type.Integer()),
  kind: Type.String(),
  stem: Type.String(),
  score: Type.Integer(),
  childCount: Type.Integer(),
});
export const AdminExam = Type.Object({
  ...ExamSettingsInput.properties,
  id: Type.Integer(),
  categoryId: Nullable(Type.Integer()),
  cover: Nullable(Type.String()),
  summary: Nullable(Type.String()),
  endTime: Nullable(DateTime),
  passScore: Nullable(Type.Integer()),
  maxAttempts: Nullable(Type.Integer()),
  published: Type.Boolean(),
  paperMode: Type.Union([Type.Literal('fixed'), Type.Literal('random')]),
  questions: Type.Array(PaperQuestion),
  drawRules: Type.Array(DrawRuleInput),
  questionCount: Type.Integer(),
  totalScore: Nullable(Type.Integer()),
  attemptCount: Type.Integer({ description: 'Attempts so far: the paper cannot change once there is one.' }),
  markers: Type.Array(RoleHolder),
  invigilators: Type.Array(RoleHolder),
});
export type AdminExam = Static<typeof AdminExam>;

/** The pickers of the builder: exam categories and classes. */
export const BuilderChoices = Type.Object({
  examCategories: Type.Array(Type.Object({ id: Type.Integer(), name: Type.String() })),
  classes: Type.Array(Type.Object({ id: Type.Integer(), title: Type.String() })),
  /** Issue 19 part I: the roles page's scopes a live room (teacher) and a competition (marker: a judge). */
  rooms: Type.Array(Type.Object({ id: Type.Integer(), title: Type.String() })),
  matches: Type.Array(Type.Object({ id: Type.Integer(), title: Type.String() })),
});

// --- Roles ---
export const RoleName = Type.Union([Type.Literal('teacher'), Type.Literal('marker'), Type.Literal('invigilator')]);
export const RoleScopeInput = Type.Union([Type.Null(), Type.Literal('classes'), Type.Literal('exam'), Type.Literal('room'), Type.Literal('match')]);
export const AdminRoleGrant = Type.Object({
  userId: Type.Integer(),
  account: Type.String(),
  name: Type.String(),
  role: RoleName,
  scopeType: Nullable(Type.String({ description: 'null: the whole tenant.' })),
  scopeId: Nullable(Type.Integer()),
  scopeName: Nullable(Type.String()),
});
export type AdminRoleGrant = Static<typeof AdminRoleGrant>;
export const RoleBody = Type.Object({
  tenantId: TenantIdParam,
  userId: Id(),
  role: RoleName,
  scopeType: RoleScopeInput,
  scopeId: Type.Optional(Nullable(Id())),
});
export const UsersQuery = Type.Object({ tenantId: TenantIdParam, text: Type.String({ minLength: 1, maxLength: 60, description: 'Part of the account or name.' }) });
export const UserChoice = RoleHolder;

// --- Practice sets ---
export const PracticeSetRow = Type.Object({
  id: Type.Integer(),
  title: Type.String(),
  categoryId: Nullable(Type.Integer()),
  categoryName: Nullable(Type.String()),
  questionCount: Type.Integer(),
  state: Type.Union([Type.Literal('published'), Type.Literal('hidden')]),
  createdAt: DateTime,
});
export const SavePracticeSetBody = Type.Object({
  tenantId: TenantIdParam,
  title: Type.String({ maxLength: 200 }),
  categoryId: Type.Optional(Nullable(Id())),
  questionIds: Type.Optional(Type.Array(Id(), { maxItems: 200, description: 'Chosen bank questions; or use randomCount.' })),
  randomCount: Type.Optional(Type.Integer({ minimum: 1, maximum: 200, description: 'Draw this many active questions of categoryId at random.' })),
});
export const PracticeSetStateBody = Type.Object({ tenantId: TenantIdParam, id: Id(), state: Type.Union([Type.Literal('published'), Type.Literal('hidden')]) });
