// Tasks (issue 19 part A; spec learning §2 /taskList, /task/detail/{id}, myTask, myMemberTask; §3
// "Study record" logType, userTaskId; §7 "Tasks and games": userTask, task, taskTeam). Server routes
// validate with these (server/modules/task/tasks-*.ts); src/api/tasks.ts derives its types. The
// rules the spec leaves "not shown" are in docs/growth.md "Tasks" and docs/decisions.md.
import { Type, type Static } from 'typebox';
import { Id, TenantIdParam } from '../common';
import { ListParams, Nullable, PageNo, PageSize } from './list';
import { TaskItem } from './task';

const DateTime = (description?: string) => Type.String({ format: 'date-time', ...(description ? { description } : {}) });
const Paging = { pageNo: Type.Optional(PageNo), pageSize: Type.Optional(PageSize) };

/** The study record's logType of a save made inside a task (spec learning §3; the number is ours). */
export const TASK_LOG_TYPE = 3;

/** A task's window by the server's clock. */
export const TaskWindowState = Type.Union([Type.Literal('upcoming'), Type.Literal('open'), Type.Literal('closed')]);
export type TaskWindowState = Static<typeof TaskWindowState>;

/** The public list (GET /task/api/task/searchAuth): the catalogue query plus the window filter. */
export const TaskListQuery = Type.Object({
  ...ListParams,
  windowState: Type.Optional(Type.Union([TaskWindowState], { description: 'Only tasks whose window is upcoming, open or closed now.' })),
});

/** One task by id. */
export const TaskIdQuery = Type.Object({ tenantId: TenantIdParam, taskId: Id({ description: 'The task.' }) });

/** Join a task (POST userTask/start). */
export const TaskStartBody = Type.Object({ tenantId: TenantIdParam, taskId: Id({ description: 'The task to join.' }) });

/** A learner's task (POST userTask/finish). */
export const UserTaskBody = Type.Object({ tenantId: TenantIdParam, userTaskId: Id({ description: 'My task (userTask id).' }) });

/** One content of my task (POST startTaskContent, saveTaskContent). */
export const TaskContentBody = Type.Object({
  tenantId: TenantIdParam,
  userTaskId: Id({ description: 'My task (userTask id).' }),
  taskContentId: Id({ description: 'The task content (contentList id).' }),
});

/** My joined tasks (GET userTask/searchUser). */
export const MyTaskQuery = Type.Object({
  tenantId: TenantIdParam, ...Paging,
  state: Type.Optional(Type.Union([Type.Literal('doing'), Type.Literal('finished'), Type.Literal('all')], { description: 'doing: joined or started; finished; all (default).' })),
});

/** Tasks assigned to me (GET task/searchByMember). */
export const MemberTaskQuery = Type.Object({
  tenantId: TenantIdParam, ...Paging,
  state: Type.Optional(Type.Union([Type.Literal('todo'), Type.Literal('finished'), Type.Literal('all')], { description: 'todo (default): not finished by me; finished; all.' })),
});

/** My teams (GET taskTeam/searchByMember), optionally of one task. */
export const TeamQuery = Type.Object({ tenantId: TenantIdParam, taskId: Type.Optional(Id({ description: 'Only my team of this task.' })) });

/** How far I am in a task: contents done, the rule's need, and whether it may be finished now. */
export const TaskProgress = Type.Object({
  doneCount: Type.Integer({ description: 'Contents done (any).' }),
  needCount: Type.Integer({ description: 'Contents the rule needs: the required ones (all), or finishMin (at_least).' }),
  needDone: Type.Integer({ description: 'Of those, done: required ones done (all), or min(doneCount, finishMin).' }),
  percentage: Type.Integer({ minimum: 0, maximum: 100, description: 'needDone × 100 / needCount, floored; 100 once finished.' }),
  ruleMet: Type.Boolean({ description: 'The completion rule is met (finish may be called inside the window).' }),
});
export type TaskProgress = Static<typeof TaskProgress>;

/** A learner's task (userTask). */
export const UserTaskInfo = Type.Object({
  id: Type.Integer(),
  taskId: Type.Integer(),
  state: Type.Union([Type.Literal('joined'), Type.Literal('started'), Type.Literal('finished')]),
  teamId: Nullable(Type.Integer()),
  joinedAt: DateTime(),
  startedAt: Nullable(DateTime()),
  finishedAt: Nullable(DateTime()),
  pointsAwarded: Type.Integer({ description: 'Points awarded at finish under the tenant\'s task_finish rule.' }),
  progress: TaskProgress,
});
export type UserTaskInfo = Static<typeof UserTaskInfo>;

/** A member of a team with their progress on the team's task. */
export const TeamMember = Type.Object({
  userId: Type.Integer(),
  name: Type.String({ description: 'Real name, else nickname, else account.' }),
  role: Type.Union([Type.Literal('leader'), Type.Literal('member')]),
  state: Type.Union([Type.Literal('none'), Type.Literal('joined'), Type.Literal('started'), Type.Literal('finished')], { description: 'none: not joined yet.' }),
  percentage: Type.Integer({ minimum: 0, maximum: 100 }),
  me: Type.Boolean(),
});
export type TeamMember = Static<typeof TeamMember>;

/** A team of a team task, its task and its members' progress. */
export const TaskTeamInfo = Type.Object({
  id: Type.Integer(),
  name: Type.String(),
  taskId: Type.Integer(),
  taskTitle: Type.String(),
  windowState: TaskWindowState,
  endTime: Nullable(DateTime()),
  memberCount: Type.Integer(),
  finishedCount: Type.Integer(),
  members: Type.Array(TeamMember, { description: 'Leader first, then by name.' }),
});
export type TaskTeamInfo = Static<typeof TaskTeamInfo>;

/** A task's page: the card, its body and rule, who may join, and mine. */
export const TaskDetail = Type.Object({
  ...TaskItem.properties,
  body: Nullable(Type.String({ description: 'Sanitised rich text.' })),
  mode: Type.Union([Type.Literal('personal'), Type.Literal('team')]),
  finishRule: Type.Union([Type.Literal('all'), Type.Literal('at_least')]),
  finishMin: Nullable(Type.Integer()),
  contentCount: Type.Integer(),
  requiredCount: Type.Integer(),
  isPublic: Type.Boolean(),
  assigned: Type.Boolean({ description: 'Assigned to me, directly or through a team.' }),
  canJoin: Type.Boolean({ description: 'Signed in, not joined, window open and allowed (public, assigned or team member).' }),
  joinBlocked: Nullable(Type.String({ description: 'Why I cannot join, in the tenant\'s words (null when I can or already did).' })),
  now: DateTime('The server\'s clock.'),
  mine: Nullable(UserTaskInfo),
  team: Nullable(TaskTeamInfo),
});
export type TaskDetail = Static<typeof TaskDetail>;

/** One content of a task, in order, with my progress on it. */
export const TaskContentItem = Type.Object({
  id: Type.Integer({ description: 'The task content id (taskContentId).' }),
  kind: Type.Union([Type.Literal('course'), Type.Literal('content'), Type.Literal('exam')]),
  refId: Type.Integer({ description: 'The course, content or exam id.' }),
  title: Type.String(),
  contentKind: Nullable(Type.String({ description: 'A content\'s own kind: video, audio, article, pdf, link…; null for courses and exams.' })),
  duration: Type.Integer({ description: 'Seconds (contents); 0 when unknown.' }),
  required: Type.Boolean(),
  sort: Type.Integer({ description: 'Position, from 1.' }),
  done: Type.Boolean({ description: 'Course: every lesson finished; content: its study record finished; exam: an attempt passed.' }),
  percentage: Type.Integer({ minimum: 0, maximum: 100 }),
  startedAt: Nullable(DateTime('First opened from this task.')),
  finishedAt: Nullable(DateTime('First seen done by this task.')),
});
export type TaskContentItem = Static<typeof TaskContentItem>;

/** Where startTaskContent sends the learner: a portal route (relative to /study) carrying userTaskId. */
export const TaskContentStart = Type.Object({
  route: Type.String({ description: 'e.g. /knowledge/detail/12?userTaskId=5&taskContentId=8, /course/detail/3?userTaskId=5, /exam/detail/7?userTaskId=5.' }),
  content: TaskContentItem,
});
export type TaskContentStart = Static<typeof TaskContentStart>;

/** What finish did. */
export const TaskFinishResult = Type.Object({
  mine: UserTaskInfo,
  points: Type.Integer({ description: 'Points added now (0: none under the rule, or already finished).' }),
  credentialIds: Type.Array(Type.Integer(), { description: 'Credentials issued now.' }),
});
export type TaskFinishResult = Static<typeof TaskFinishResult>;

/** A task I joined (myTask). */
export const MyTaskItem = Type.Object({ ...TaskItem.properties, mine: UserTaskInfo });
export type MyTaskItem = Static<typeof MyTaskItem>;

/** A task assigned to me (myMemberTask), nearest deadline first. */
export const MemberTaskItem = Type.Object({
  ...TaskItem.properties,
  via: Type.Union([Type.Literal('direct'), Type.Literal('team')], { description: 'Assigned to me directly, or through a team I am in.' }),
  teamName: Nullable(Type.String()),
  assignedAt: DateTime(),
  overdue: Type.Boolean({ description: 'The window closed before I finished.' }),
  mine: Nullable(UserTaskInfo),
});
export type MemberTaskItem = Static<typeof MemberTaskItem>;
