// What the teachers' work center (issue 18 "Teachers") may show a caller: the classes, rooms and
// exams their grants cover (server/lib/roles.ts; spec learning §6 "how access is decided is not
// shown": ours). Shared by train's work calls and cm's work review, so neither reaches into the
// other. Callers pass a transaction scoped to the tenant: row-level security keeps every lookup in it.
import { sql, type Kysely, type RawBuilder, type SqlBool } from 'kysely';
import type { DB } from '../db/types';
import { ApiError } from '../plugins/envelope';
import { rolesOf } from './roles';
import { charCount } from './text-filter';
import { REASON_MAX } from '../../schemas/api/work';

/** The caller's reach: *All means a tenant-wide grant of that role. */
export interface WorkScope {
  teacherAll: boolean;
  /** Classes granted by id (a class's teacher teaches its rooms). */
  classes: number[];
  /** Rooms granted by id. */
  rooms: number[];
  markerAll: boolean;
  markExams: number[];
  invigilatorAll: boolean;
  invigilateExams: number[];
}

/** Whether the scope holds any grant of the role. */
export const isTeacher = (s: WorkScope) => s.teacherAll || s.classes.length > 0 || s.rooms.length > 0;
export const isMarker = (s: WorkScope) => s.markerAll || s.markExams.length > 0;
export const isInvigilator = (s: WorkScope) => s.invigilatorAll || s.invigilateExams.length > 0;

/** The caller's grants, as the work center reads them. */
export async function workScopeOf(trx: Kysely<DB>, userId: number): Promise<WorkScope> {
  const grants = await rolesOf(trx, userId);
  const ids = (role: string, type: string) => grants.filter((g) => g.role === role && g.scopeType === type && g.scopeId !== null).map((g) => g.scopeId!);
  const all = (role: string) => grants.some((g) => g.role === role && g.scopeType === null);
  return {
    teacherAll: all('teacher'), classes: ids('teacher', 'classes'), rooms: ids('teacher', 'room'),
    markerAll: all('marker'), markExams: ids('marker', 'exam'),
    invigilatorAll: all('invigilator'), invigilateExams: ids('invigilator', 'exam'),
  };
}

/** spec learning §6 (ours): the work center is for teachers, markers and invigilators. */
export function workCenterRefusal(): ApiError {
  return new ApiError('工作台只对老师、阅卷人和监考人开放；你的账号没有这些授权，请联系管理员。', { code: 403, errorCode: 'WORK_ROLE_REQUIRED' });
}

/** Refuses a caller without a teacher grant (class management, schedule, work review). */
export function requireTeacherScope(scope: WorkScope, what: string): void {
  if (!isTeacher(scope)) {
    throw new ApiError(`只有老师可以${what}；你的账号没有老师授权，请联系管理员。`, { code: 403, errorCode: 'TEACHER_ONLY' });
  }
}

const bigints = (ids: number[]) => sql`${ids.map(String)}::bigint[]`;

/** SQL: the class id `column` is one I teach (every class for a tenant-wide teacher). */
export function taughtClass(scope: WorkScope, column: RawBuilder<unknown>): RawBuilder<SqlBool> {
  if (scope.teacherAll) return sql<SqlBool>`${column} is not null`;
  return sql<SqlBool>`${column} = any(${bigints(scope.classes)})`;
}

/** SQL: the exam id `column` is one I mark (role marker) or invigilate. */
export function coveredExam(scope: WorkScope, role: 'marker' | 'invigilator', column: RawBuilder<unknown>): RawBuilder<SqlBool> {
  const all = role === 'marker' ? scope.markerAll : scope.invigilatorAll;
  if (all) return sql<SqlBool>`true`;
  return sql<SqlBool>`${column} = any(${bigints(role === 'marker' ? scope.markExams : scope.invigilateExams)})`;
}

/**
 * SQL over `live_room as r` joined to `teacher as t`: a room I teach: the account behind its teacher
 * profile, a grant over the room or its class, or a tenant-wide teacher grant (as canManageRoom).
 */
export function taughtRoom(scope: WorkScope, userId: number): RawBuilder<SqlBool> {
  if (scope.teacherAll) return sql<SqlBool>`true`;
  return sql<SqlBool>`(t.user_id = ${userId}::bigint or r.id = any(${bigints(scope.rooms)}) or r.classes_id = any(${bigints(scope.classes)}))`;
}

/** A message in the tenant's two languages. */
export interface Notice {
  zh: { title: string; content: string };
  en: { title: string; content: string };
}

/** Whether the tenant's default language is English (its PcStartup options: spec shell §1). */
async function tenantIsEnglish(trx: Kysely<DB>): Promise<boolean> {
  const rows = await trx.selectFrom('tenant_config').select('param_value')
    .where('param_group', '=', 'PcStartup').where('param_key', '=', 'options').execute();
  return rows.some((r) => {
    try {
      return (JSON.parse(r.param_value) as { language?: unknown }).language === 'en';
    } catch {
      return false;
    }
  });
}

/**
 * Tells a user something in the message center (type 1: system notice; /um/api/message*), in the
 * tenant's default language, as the demo's own messages are.
 */
export async function notifyUser(trx: Kysely<DB>, tenantId: number, userId: number, notice: Notice): Promise<void> {
  const { title, content } = (await tenantIsEnglish(trx)) ? notice.en : notice.zh;
  await trx.insertInto('user_message').values({ tenant_id: tenantId, user_id: userId, type: 1, title: title.slice(0, 200), content }).execute();
}

/**
 * SQL over `content as c`: a work I may review (its class is one I teach; a tenant-wide teacher
 * reviews all, class-less ones too). Issue 20 part V: a creator's reading work (purpose 5–7,
 * submitted in no class) is reviewed by any teacher of the tenant.
 */
export function reviewable(scope: WorkScope): RawBuilder<SqlBool> {
  if (scope.teacherAll) return sql<SqlBool>`true`;
  const creatorWork = isTeacher(scope) ? sql<SqlBool>`(c.audit_classes_id is null and c.purpose in (5, 6, 7))` : sql<SqlBool>`false`;
  return sql<SqlBool>`(${taughtClass(scope, sql.raw('c.audit_classes_id'))} or ${creatorWork})`;
}

/** A reason the other person is told (a removal, a rejection): trimmed, 1–500 characters. */
export function reasonText(raw: string, what: string): string {
  const text = raw.trim();
  if (text.length === 0) throw new ApiError(`请填写${what}（1–${REASON_MAX} 字），对方会在消息中心看到它。`, { code: 400, errorCode: 'VALIDATION' });
  const n = charCount(text);
  if (n > REASON_MAX) throw new ApiError(`${what}最多 ${REASON_MAX} 字，当前 ${n} 字；请删减后再提交。`, { code: 400, errorCode: 'VALIDATION' });
  return text;
}
