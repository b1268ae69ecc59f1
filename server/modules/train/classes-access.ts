// Who may do what in a class, for the calls of issue 17 (schemas/api/train-classes-more.ts). A class
// is seen by everyone of its tenant when published and public, by its members (enrolled, cancelled
// or quit: invitation classes) and by its teachers. Taking part (commenting, the circle, sign-in,
// studying in the class) needs an enrolled member; the teacher's calls need the teacher role of the
// class (server/lib/roles.ts: spec learning §6 leaves "how access is decided" open).
import { sql, type Transaction } from 'kysely';
import type { DB } from '../../db/types';
import { ApiError } from '../../plugins/envelope';
import { hasRole } from '../../lib/roles';
import { charCount, filterUserText } from '../../lib/text-filter';
import { USER_TEXT_MAX } from '../../../schemas/api/train-classes-more';

type Trx = Transaction<DB>;

/** A class as the caller may see it, with their standing in it. */
export interface ClassAccess {
  id: number;
  title: string;
  cover: string | null;
  summary: string | null;
  startTime: Date;
  endTime: Date;
  /** The database clock every window and opening day is judged by. */
  now: Date;
  /** Enrolled (member state 1). */
  isMember: boolean;
  enrolledAt: Date | null;
  /** Holds the teacher role over the class (or the whole tenant). */
  isTeacher: boolean;
}

/** An unknown, unpublished, other tenant's or invitation-only class I am not in: all look alike. */
export const classNotFound = (id: number) => new ApiError(`培训班不存在或已下线（编号 ${id}）。`, { code: 404, errorCode: 'CLASSES_NOT_FOUND' });

/** The class if the user may see it (see the header), else undefined. */
export async function findClassAccess(trx: Trx, classesId: number, userId: number): Promise<ClassAccess | undefined> {
  const { rows } = await sql<{
    id: number; title: string; cover: string | null; summary: string | null; start_time: Date; end_time: Date; is_public: boolean;
    now: Date; member_state: number | null; enrolled_at: Date | null;
  }>`
    select c.id, c.title, c.cover, c.summary, c.start_time, c.end_time, c.is_public, now() as now, m.state as member_state, m.enrolled_at
    from training_class c
    left join classes_member m on m.tenant_id = c.tenant_id and m.classes_id = c.id and m.user_id = ${userId}::bigint
    where c.id = ${classesId}::bigint and c.state = 1`.execute(trx);
  const r = rows[0];
  if (!r) return undefined;
  const isTeacher = await hasRole(trx, userId, 'teacher', { type: 'classes', id: classesId });
  if (!r.is_public && r.member_state === null && !isTeacher) return undefined;
  const isMember = Number(r.member_state) === 1;
  return {
    id: Number(r.id), title: r.title, cover: r.cover, summary: r.summary, startTime: r.start_time, endTime: r.end_time, now: r.now,
    isMember, enrolledAt: isMember ? r.enrolled_at : null, isTeacher,
  };
}

/** The class the user may see, or CLASSES_NOT_FOUND. */
export async function requireClass(trx: Trx, classesId: number, userId: number): Promise<ClassAccess> {
  const access = await findClassAccess(trx, classesId, userId);
  if (!access) throw classNotFound(classesId);
  return access;
}

/** Refuses anyone but an enrolled member (a teacher who is not enrolled too: sign-in and study logs are a learner's). */
export function requireMember(access: ClassAccess): void {
  if (!access.isMember) {
    throw new ApiError('你不是该培训班的学员；报名后才能参与学习、签到和评论。', { code: 403, errorCode: 'NOT_MEMBER' });
  }
}

/** Refuses anyone but an enrolled member or a teacher of the class (comments, the circle). */
export function requireParticipant(access: ClassAccess): void {
  if (!access.isMember && !access.isTeacher) {
    throw new ApiError('只有该培训班的学员和老师可以参与；请先报名。', { code: 403, errorCode: 'NOT_MEMBER' });
  }
}

/** Refuses anyone but a teacher of the class. */
export function requireTeacher(access: ClassAccess, what: string): void {
  if (!access.isTeacher) {
    throw new ApiError(`只有该培训班的老师可以${what}。`, { code: 403, errorCode: 'TEACHER_ONLY' });
  }
}

/**
 * User text as stored: the text filter's allow-list (spec learning §5: special symbols, brackets and
 * emoji are removed), trimmed, then 1 to 500 characters. No bracket survives, so no markup is stored.
 */
export function userText(raw: string, what = '内容'): string {
  const text = filterUserText(raw).trim();
  if (text.length === 0) throw new ApiError(`${what}不能为空（特殊符号、括号和表情会被去掉）。`, { code: 400, errorCode: 'VALIDATION' });
  const length = charCount(text);
  if (length > USER_TEXT_MAX) {
    throw new ApiError(`${what}最多 ${USER_TEXT_MAX} 字，当前 ${length} 字；请删减后再提交。`, { code: 400, errorCode: 'VALIDATION' });
  }
  return text;
}

/** The name a person shows under: nickname, else real name, else account. */
export const DISPLAY_NAME = sql<string>`coalesce(nullif(u.nick_name, ''), nullif(u.real_name, ''), u.account)`;
