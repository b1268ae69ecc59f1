// The tables and columns of migration 0027-tasks (issue 19 part A: tasks: task contents, joining,
// progress, team tasks, to-do tasks), as Kysely sees them; collected in types.ts `DB`.
// docs/growth.md "Tasks" explains them.
import type { ColumnType, Generated } from 'kysely';
import type { Timestamp } from './types-columns';

type TenantKey = ColumnType<number, number, never>;
type Id = Generated<number>;
type NullableOptional<T> = ColumnType<T | null, T | null | undefined, T | null>;
/** A timestamp that may be absent. */
type MaybeTime = ColumnType<Date | null, Date | string | null | undefined, Date | string | null>;

/** What a task content is. */
export type TaskContentKind = 'course' | 'content' | 'exam';
/** A task's completion rule: every required content, or at least finish_min contents. */
export type TaskFinishRule = 'all' | 'at_least';
/** A learner's task: joined, started (a content opened), finished (never reverts). */
export type UserTaskState = 'joined' | 'started' | 'finished';

/** The columns migration 0027 adds to task. */
export interface TaskRuleColumns {
  body: NullableOptional<string>;
  mode: Generated<'personal' | 'team'>;
  finish_rule: Generated<TaskFinishRule>;
  /** How many contents at_least needs; null for all. */
  finish_min: NullableOptional<number>;
}

/** The column migration 0027 adds to study_record: the learner's task it was last studied in. */
export interface StudyRecordTaskColumn {
  user_task_id: NullableOptional<number>;
}

/** One content of a task, in order; exactly the id of its kind is set. */
export interface TaskContentTable {
  tenant_id: TenantKey;
  id: Id;
  task_id: number;
  kind: TaskContentKind;
  course_id: NullableOptional<number>;
  content_id: NullableOptional<number>;
  exam_id: NullableOptional<number>;
  sort: Generated<number>;
  required: Generated<boolean>;
}

/** A task assigned to a user directly. */
export interface TaskAssigneeTable {
  tenant_id: TenantKey;
  task_id: number;
  user_id: number;
  assigned_at: Timestamp;
}

/** A team of a team task. */
export interface TaskTeamTable {
  tenant_id: TenantKey;
  id: Id;
  task_id: number;
  name: string;
  created_at: Timestamp;
}

/** A member of a team. */
export interface TaskTeamMemberTable {
  tenant_id: TenantKey;
  team_id: number;
  user_id: number;
  role: Generated<'leader' | 'member'>;
  joined_at: Timestamp;
}

/** A learner's joining of a task. */
export interface UserTaskTable {
  tenant_id: TenantKey;
  id: Id;
  task_id: number;
  user_id: number;
  team_id: NullableOptional<number>;
  state: Generated<UserTaskState>;
  joined_at: Timestamp;
  started_at: MaybeTime;
  finished_at: MaybeTime;
  points_awarded: Generated<number>;
}

/** When a learner opened a task content in the task and when it was first seen done. */
export interface UserTaskContentTable {
  tenant_id: TenantKey;
  user_task_id: number;
  task_content_id: number;
  started_at: Timestamp;
  finished_at: MaybeTime;
}

/** The new tables of migration 0027. */
export interface TasksTables {
  task_content: TaskContentTable;
  task_assignee: TaskAssigneeTable;
  task_team: TaskTeamTable;
  task_team_member: TaskTeamMemberTable;
  user_task: UserTaskTable;
  user_task_content: UserTaskContentTable;
}
