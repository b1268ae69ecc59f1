// Issue 21 part D's payloads: assistants (/robot/assistant), applications and their runs
// (/robot/application) and the back office's editor (/sub_admin/aiAssistants). The spec names no
// calls for them: docs/api.md "Issue 21 D" and docs/ai.md section D. The server validates with
// these; src/features/robot/api/assistant.ts and the back-office page derive their types.
import { Type, type Static } from 'typebox';
import { Id, TenantIdParam, Text } from '../common';
import { Nullable, PageParams } from './list';

const Lang = Type.Optional(Type.Enum(['zh', 'en'], { default: 'zh', description: 'Language of refusals and of the run\'s output (zh default).' }));
const Time = Type.String({ format: 'date-time' });

export const PASSAGE_KIND_VALUES = ['course', 'subject', 'content', 'help', 'product', 'exam'] as const;
export const PassageKindSchema = Type.Enum([...PASSAGE_KIND_VALUES], { description: 'A part of the catalogue: course, subject, content, help, product or exam.' });
/** The portal's own avatars (builtin:<name>) and application icons. */
export const BUILTIN_AVATARS = ['robot', 'teacher', 'advisor', 'helper', 'owl', 'star'] as const;
export const APP_ICONS = ['plan', 'quiz', 'summary', 'write', 'idea', 'book'] as const;
export const FIELD_TYPES = ['text', 'textarea', 'number', 'choice', 'course', 'content'] as const;
export const MAX_FIELDS = 10;
export const MAX_EXAMPLES = 6;

// ---- assistants ----

export const AssistantCard = Type.Object({
  id: Type.Integer(),
  name: Type.String(),
  avatar: Type.String({ description: 'An image address, or builtin:<name> (robot, teacher, advisor, helper, owl, star).' }),
  description: Type.String(),
  kinds: Type.Array(PassageKindSchema),
});
export type AssistantCard = Static<typeof AssistantCard>;

export const AssistantDetail = Type.Object({
  ...AssistantCard.properties,
  greeting: Type.String(),
  examples: Type.Array(Type.String(), { description: 'Example questions; each opens /robot/talk?assistant=ID with it.' }),
  applications: Type.Array(Type.Object({ id: Type.Integer(), name: Type.String(), icon: Type.String(), description: Type.String() }), {
    description: 'The enabled applications built on it.',
  }),
});
export type AssistantDetail = Static<typeof AssistantDetail>;

export const TenantQuery = Type.Object({ tenantId: TenantIdParam, lang: Lang });
export const IdQuery = Type.Object({ tenantId: TenantIdParam, id: Id(), lang: Lang });
export const AssistantList = Type.Object({ list: Type.Array(AssistantCard) });

// ---- applications ----

export const AppField = Type.Object({
  name: Type.String({ pattern: '^[A-Za-z][A-Za-z0-9_]{0,29}$', description: 'The key of the value and of {{name}} in a prompt template.' }),
  label: Text({ minLength: 1, maxLength: 40 }),
  type: Type.Enum([...FIELD_TYPES], { description: 'text (one line), textarea, number (an integer), choice (one of options), course or content (a picker over the tenant\'s published items).' }),
  required: Type.Boolean(),
  maxLength: Type.Optional(Type.Integer({ minimum: 1, maximum: 8000, description: 'text and textarea: the most characters (default 200 and 2000).' })),
  min: Type.Optional(Type.Integer({ minimum: -1_000_000, maximum: 1_000_000, description: 'number: the smallest value.' })),
  max: Type.Optional(Type.Integer({ minimum: -1_000_000, maximum: 1_000_000, description: 'number: the largest value.' })),
  options: Type.Optional(Type.Array(Text({ minLength: 1, maxLength: 40 }), { maxItems: 20, description: 'choice: the choices.' })),
  placeholder: Type.Optional(Text({ maxLength: 100 })),
  defaultValue: Type.Optional(Type.Union([Type.String({ maxLength: 200 }), Type.Integer()], { description: 'Filled in when the form opens.' })),
});
export type AppField = Static<typeof AppField>;

export const AppTask = Type.Enum(['plan', 'quiz', 'prompt'], {
  description: 'plan: a study plan over the course picker and the number field "days"; quiz: questions from the content or course picker, "count" of them; prompt: the prompt template with {{field}} placeholders (needs the HTTP provider).',
});
export const AppOutput = Type.Enum(['text', 'questions'], { description: 'text, or questions (a quiz answered on the page).' });

export const ApplicationCard = Type.Object({
  id: Type.Integer(),
  name: Type.String(),
  description: Type.String(),
  icon: Type.String(),
  task: AppTask,
  output: AppOutput,
  assistantId: Type.Integer(),
  assistantName: Type.String(),
});
export type ApplicationCard = Static<typeof ApplicationCard>;

export const ApplicationDetail = Type.Object({
  ...ApplicationCard.properties,
  fields: Type.Array(AppField),
  cost: Type.Integer({ description: 'Credits one run costs (the tenant\'s price of an application run).' }),
  needsProvider: Type.Boolean({ description: 'true when the task is prompt and the tenant has no HTTP provider: running is refused and the page says what to configure.' }),
});
export type ApplicationDetail = Static<typeof ApplicationDetail>;

export const ApplicationListQuery = Type.Object({
  tenantId: TenantIdParam, lang: Lang,
  assistantId: Type.Optional(Id({ description: 'Only the applications of this assistant.' })),
});
export const ApplicationList = Type.Object({ list: Type.Array(ApplicationCard) });

export const PickerQuery = Type.Object({
  tenantId: TenantIdParam,
  kind: Type.Enum(['course', 'content'], { description: 'course: published courses; content: published contents and help articles (not course lessons).' }),
  keyword: Type.Optional(Type.String({ maxLength: 50, description: 'Words in the title.' })),
});
export const PickerList = Type.Object({ list: Type.Array(Type.Object({ id: Type.Integer(), title: Type.String() }), { description: 'At most 50, by title match then newest.' }) });
export type PickerList = Static<typeof PickerList>;

// ---- runs ----

export const InputValue = Type.Union([Type.String({ maxLength: 20_000 }), Type.Number(), Type.Null()]);

export const RunBody = Type.Object({
  tenantId: TenantIdParam,
  id: Id({ description: 'The application.' }),
  inputs: Type.Record(Type.String({ maxLength: 30 }), InputValue, { maxProperties: 20, description: 'Field name to value; checked against the form (required, lengths, numbers, choices, the picked item exists).' }),
  lang: Lang,
});

export const QuizQuestion = Type.Object({
  type: Type.Enum(['single', 'cloze']),
  stem: Type.String({ description: 'The question; a cloze\'s blank is ____.' }),
  options: Type.Array(Type.String(), { description: 'single: the options A, B, C, D in order; cloze: empty.' }),
  answer: Type.String({ description: 'single: the letter; cloze: the term.' }),
  explanation: Type.String(),
});
export type QuizQuestion = Static<typeof QuizQuestion>;

export const RunCard = Type.Object({
  id: Type.Integer(),
  applicationId: Type.Integer(),
  applicationName: Type.String(),
  title: Type.String(),
  status: Type.Enum(['done', 'failed']),
  cost: Type.Integer(),
  createdAt: Time,
});
export type RunCard = Static<typeof RunCard>;

export const RunDetail = Type.Object({
  ...RunCard.properties,
  inputs: Type.Record(Type.String(), InputValue),
  output: Type.String({ description: 'The text (a quiz\'s readable form); for a failed run, why.' }),
  questions: Nullable(Type.Array(QuizQuestion)),
  source: Type.Enum(['offline', 'openai'], { description: 'offline: the portal\'s own rules; openai: the tenant\'s provider.' }),
});
export type RunDetail = Static<typeof RunDetail>;

export const RunResult = Type.Object({
  run: RunDetail,
  balance: Nullable(Type.Integer({ description: 'Credits left after the run (after a refund when it failed).' })),
});
export type RunResult = Static<typeof RunResult>;

export const RunsQuery = Type.Object({ ...PageParams, applicationId: Type.Optional(Id({ description: 'Only the runs of this application.' })) });
export const RunQuery = Type.Object({ tenantId: TenantIdParam, id: Id() });

// ---- back office ----

export const AssistantAdminRow = Type.Object({
  ...AssistantCard.properties,
  greeting: Type.String(),
  systemPrompt: Type.String(),
  examples: Type.Array(Type.String()),
  sort: Type.Integer(),
  enabled: Type.Boolean(),
  applicationCount: Type.Integer(),
  updatedAt: Time,
});
export type AssistantAdminRow = Static<typeof AssistantAdminRow>;

export const ApplicationAdminRow = Type.Object({
  ...ApplicationCard.properties,
  fields: Type.Array(AppField),
  promptTemplate: Type.String(),
  sort: Type.Integer(),
  enabled: Type.Boolean(),
  runCount: Type.Integer(),
  updatedAt: Time,
});
export type ApplicationAdminRow = Static<typeof ApplicationAdminRow>;

export const AdminOverview = Type.Object({ assistants: Type.Array(AssistantAdminRow), applications: Type.Array(ApplicationAdminRow) });
export type AdminOverview = Static<typeof AdminOverview>;

export const AssistantSaveBody = Type.Object({
  tenantId: TenantIdParam,
  id: Type.Optional(Id({ description: 'Absent: a new assistant.' })),
  name: Text({ minLength: 1, maxLength: 40 }),
  avatar: Type.String({ minLength: 1, maxLength: 500, description: 'builtin:<name>, an uploaded /uploads/... address or an http(s) address.' }),
  description: Text({ maxLength: 500 }),
  greeting: Text({ maxLength: 500 }),
  systemPrompt: Text({ maxLength: 4000 }),
  kinds: Type.Array(PassageKindSchema, { minItems: 1, maxItems: 6, uniqueItems: true }),
  examples: Type.Array(Text({ minLength: 1, maxLength: 100 }), { maxItems: MAX_EXAMPLES }),
  sort: Type.Optional(Type.Integer({ minimum: 0, maximum: 9999 })),
  enabled: Type.Boolean(),
});
export type AssistantSaveBody = Static<typeof AssistantSaveBody>;

export const ApplicationSaveBody = Type.Object({
  tenantId: TenantIdParam,
  id: Type.Optional(Id({ description: 'Absent: a new application.' })),
  assistantId: Id(),
  name: Text({ minLength: 1, maxLength: 40 }),
  description: Text({ maxLength: 500 }),
  icon: Type.Enum([...APP_ICONS]),
  fields: Type.Array(AppField, { maxItems: MAX_FIELDS }),
  task: AppTask,
  promptTemplate: Text({ maxLength: 4000 }),
  output: AppOutput,
  sort: Type.Optional(Type.Integer({ minimum: 0, maximum: 9999 })),
  enabled: Type.Boolean(),
});
export type ApplicationSaveBody = Static<typeof ApplicationSaveBody>;

export const AdminIdBody = Type.Object({ tenantId: TenantIdParam, id: Id() });
export const SortBody = Type.Object({
  tenantId: TenantIdParam,
  ids: Type.Array(Id(), { minItems: 1, maxItems: 200, uniqueItems: true, description: 'Every id in the new order; sort becomes 10, 20, 30…' }),
});
export const SavedId = Type.Object({ id: Type.Integer() });
