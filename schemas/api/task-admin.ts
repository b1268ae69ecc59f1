// The back-office's learning tasks and certificate rules (issue 19 part J; docs/api.md "Back-office:
// tasks and certificates", docs/growth.md "Back-office: tasks and certificates"). Every call is the
// back-office's (tenantType 1 and adminAuth, as /cfg/api/admin/*). Server routes validate with
// these; the admin feature derives its types.
import { Type, type Static } from 'typebox';
import { Id, NullableInput, PageQuery, Paged, TenantIdParam } from '../common';
import { Nullable } from './list';

// Request fields that may be null use NullableInput (schemas/common.ts: ajv's coercion turns null into a union's first branch).
const DateTime = Type.String({ format: 'date-time' });
const WindowState = Type.Union([Type.Literal('upcoming'), Type.Literal('open'), Type.Literal('closed')]);
export const TASK_TITLE_MAX = 60;
export const TASK_SUMMARY_MAX = 200;
export const TASK_BODY_MAX = 20000;
export const TEAM_NAME_MAX = 60;
export const TASK_CONTENTS_MAX = 50;

export const TaskAdminIdBody = Type.Object({ tenantId: TenantIdParam, id: Id() });
export const TaskAdminIdQuery = Type.Object({ tenantId: TenantIdParam, id: Id() });

// --- Tasks ---
export const AdminTasksQuery = Type.Object({
  tenantId: TenantIdParam,
  text: Type.Optional(Type.String({ maxLength: 60, description: 'Part of the title.' })),
  windowState: Type.Optional(WindowState),
  ...PageQuery,
});

export const AdminTaskRow = Type.Object({
  id: Type.Integer(),
  title: Type.String(),
  cover: Nullable(Type.String()),
  startTime: DateTime,
  endTime: Nullable(DateTime),
  windowState: WindowState,
  isPublic: Type.Boolean(),
  mode: Type.Union([Type.Literal('personal'), Type.Literal('team')]),
  contentCount: Type.Integer(),
  joinedCount: Type.Integer({ description: 'Learners who joined.' }),
  finishedCount: Type.Integer({ description: 'Learners who finished.' }),
});
export type AdminTaskRow = Static<typeof AdminTaskRow>;
export const AdminTaskPage = Paged(AdminTaskRow);

export const TaskContentKind = Type.Union([Type.Literal('course'), Type.Literal('content'), Type.Literal('exam')]);
export type TaskContentKind = Static<typeof TaskContentKind>;

export const AdminTaskContent = Type.Object({
  id: Type.Integer({ description: 'The task content row.' }),
  kind: TaskContentKind,
  refId: Type.Integer({ description: 'The course, content or exam id.' }),
  title: Type.String(),
  required: Type.Boolean(),
  startedCount: Type.Integer({ description: 'Learners who opened it from the task.' }),
  finishedCount: Type.Integer({ description: 'Learners the task saw finish it.' }),
});

export const AdminPerson = Type.Object({ userId: Type.Integer(), name: Type.String(), account: Type.String() });
export const AdminTeam = Type.Object({
  id: Type.Integer(),
  name: Type.String(),
  leaderId: Nullable(Type.Integer()),
  members: Type.Array(Type.Object({ ...AdminPerson.properties, role: Type.Union([Type.Literal('leader'), Type.Literal('member')]), joined: Type.Boolean() })),
});
export type AdminTeam = Static<typeof AdminTeam>;

export const AdminTaskPointsRule = Type.Object({
  points: Type.Integer(), dailyCap: Nullable(Type.Integer()), enabled: Type.Boolean(),
}, { description: 'The tenant\'s task_finish points rule (points are never set per task).' });

export const AdminTaskFields = Type.Object({
  title: Type.String({ maxLength: TASK_TITLE_MAX }),
  cover: NullableInput(Type.String({ maxLength: 1000 })),
  summary: NullableInput(Type.String({ maxLength: TASK_SUMMARY_MAX })),
  body: NullableInput(Type.String({ maxLength: TASK_BODY_MAX, description: 'Rich text; sanitised on save.' })),
  startTime: DateTime,
  endTime: NullableInput(DateTime),
  isPublic: Type.Boolean({ description: 'true: anyone signed in may join; false: the assignees and team members only.' }),
  mode: Type.Union([Type.Literal('personal'), Type.Literal('team')]),
  finishRule: Type.Union([Type.Literal('all'), Type.Literal('at_least')]),
  finishMin: NullableInput(Type.Integer({ minimum: 1, maximum: TASK_CONTENTS_MAX })),
});
export type AdminTaskFields = Static<typeof AdminTaskFields>;

export const AdminTask = Type.Object({
  ...AdminTaskFields.properties,
  id: Type.Integer(),
  windowState: WindowState,
  joinedCount: Type.Integer(),
  finishedCount: Type.Integer(),
  contents: Type.Array(AdminTaskContent),
  assignees: Type.Array(AdminPerson),
  teams: Type.Array(AdminTeam),
  pointsRule: Nullable(AdminTaskPointsRule),
});
export type AdminTask = Static<typeof AdminTask>;

export const SaveTaskBody = Type.Object({
  tenantId: TenantIdParam,
  id: Type.Optional(Id({ description: 'Absent: create.' })),
  task: AdminTaskFields,
});

export const SaveTaskContentsBody = Type.Object({
  tenantId: TenantIdParam,
  taskId: Id(),
  contents: Type.Array(Type.Object({ kind: TaskContentKind, refId: Id(), required: Type.Boolean() }), { maxItems: TASK_CONTENTS_MAX, description: 'The contents in order; a row kept keeps its learners\' progress.' }),
});

export const AssigneesBody = Type.Object({
  tenantId: TenantIdParam,
  taskId: Id(),
  userIds: Type.Optional(Type.Array(Id(), { maxItems: 200 })),
  classesId: Type.Optional(Id({ description: 'Assign every current member of this class.' })),
});
export const UnassignBody = Type.Object({ tenantId: TenantIdParam, taskId: Id(), userId: Id() });

export const SaveTeamBody = Type.Object({
  tenantId: TenantIdParam,
  taskId: Id(),
  id: Type.Optional(Id({ description: 'Absent: a new team.' })),
  name: Type.String({ maxLength: TEAM_NAME_MAX }),
  leaderId: Id(),
  memberIds: Type.Array(Id(), { maxItems: 200, description: 'Members besides the leader.' }),
});
export const DeleteTeamBody = Type.Object({ tenantId: TenantIdParam, taskId: Id(), id: Id() });

export const PickKind = Type.Union([Type.Literal('course'), Type.Literal('content'), Type.Literal('exam'), Type.Literal('classes'), Type.Literal('task')]);
export type PickKind = Static<typeof PickKind>;
export const PickQuery = Type.Object({
  tenantId: TenantIdParam,
  kind: PickKind,
  text: Type.Optional(Type.String({ maxLength: 60 })),
});
export const PickRow = Type.Object({ id: Type.Integer(), title: Type.String() });
export type PickRow = Static<typeof PickRow>;

// --- Certificate rules ---
export const CREDENTIAL_TITLE_MAX = 60;
export const CREDENTIAL_ISSUER_MAX = 60;
export const CREDENTIAL_BODY_MAX = 500;
const SourceKind = Type.Union([Type.Literal('course'), Type.Literal('task'), Type.Literal('exam')]);

export const CredentialRuleFields = Type.Object({
  sourceKind: SourceKind,
  sourceId: Id(),
  title: Type.String({ maxLength: CREDENTIAL_TITLE_MAX }),
  issuer: Type.String({ maxLength: CREDENTIAL_ISSUER_MAX }),
  body: Type.String({ maxLength: CREDENTIAL_BODY_MAX, description: '{name} and {source} are filled in.' }),
  validMonths: NullableInput(Type.Integer({ minimum: 1, maximum: 600, description: 'null: never expires.' })),
  enabled: Type.Boolean(),
});
export type CredentialRuleFields = Static<typeof CredentialRuleFields>;

export const AdminCredentialRule = Type.Object({
  ...CredentialRuleFields.properties,
  id: Type.Integer(),
  sourceTitle: Type.String({ description: 'The course\'s, task\'s or exam\'s title now (empty: it is gone).' }),
  issuedCount: Type.Integer(),
  revokedCount: Type.Integer(),
  updatedAt: DateTime,
});
export type AdminCredentialRule = Static<typeof AdminCredentialRule>;

export const CredentialRulesQuery = Type.Object({ tenantId: TenantIdParam, text: Type.Optional(Type.String({ maxLength: 60 })) });
export const SaveCredentialRuleBody = Type.Object({ tenantId: TenantIdParam, id: Type.Optional(Id()), rule: CredentialRuleFields });
export const PreviewCredentialBody = Type.Object({ tenantId: TenantIdParam, rule: CredentialRuleFields });

export const IssuedQuery = Type.Object({
  tenantId: TenantIdParam,
  ruleId: Id(),
  text: Type.Optional(Type.String({ maxLength: 40, description: 'Part of the holder\'s printed name or account.' })),
  ...PageQuery,
});
export const IssuedCredential = Type.Object({
  id: Type.Integer(),
  userId: Type.Integer(),
  holderName: Type.String(),
  account: Type.String(),
  code: Type.String(),
  issuedAt: DateTime,
  expiresAt: Nullable(DateTime),
  revokedAt: Nullable(DateTime),
  revokeReason: Nullable(Type.String()),
  state: Type.Union([Type.Literal('valid'), Type.Literal('expired'), Type.Literal('revoked')]),
});
export type IssuedCredential = Static<typeof IssuedCredential>;
export const IssuedPage = Paged(IssuedCredential);
export const RevokeBody = Type.Object({ tenantId: TenantIdParam, id: Id(), reason: Type.String({ maxLength: 200 }) });
export const SourcesQuery = Type.Object({ tenantId: TenantIdParam, kind: SourceKind, text: Type.Optional(Type.String({ maxLength: 60 })) });
