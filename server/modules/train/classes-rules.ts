// The enrolment rules of a training class (spec learning §4: "Class enrol, cancel enrol, quit …
// transitions: not shown", so designed here; docs/decisions.md "Class enrolment"). Pure: the routes
// read the class row (locked) and my membership in one transaction, ask these, then write. The
// detail page's buttons come from the same answers, so a button shown is a call that succeeds.
import { ApiError } from '../../plugins/envelope';

/** The class as the rules see it. */
export interface ClassFacts {
  startTime: Date;
  endTime: Date;
  enrolLimit: number | null;
  enrolCount: number;
  isPublic: boolean;
}

/** My membership row: 1 enrolled, 2 cancelled, 3 quit; null when I never enrolled. */
export type MemberState = 1 | 2 | 3 | null;

export const MEMBER_ENROLLED = 1;
export const MEMBER_CANCELLED = 2;
export const MEMBER_QUIT = 3;

/** 1 enrolling (not started), 2 in progress, 3 finished: the same rule as searchAuth's SQL. */
export function classState(c: Pick<ClassFacts, 'startTime' | 'endTime'>, now: Date): 1 | 2 | 3 {
  if (now < c.startTime) return 1;
  return now <= c.endTime ? 2 : 3;
}

/** Places left, or null when unlimited; never negative. */
export function seatsLeft(c: Pick<ClassFacts, 'enrolLimit' | 'enrolCount'>): number | null {
  return c.enrolLimit === null ? null : Math.max(0, c.enrolLimit - c.enrolCount);
}

const refuse = (message: string, errorCode: string, code = 400) => new ApiError(message, { code, errorCode });

/** Why I may not enrol now, or null when I may. */
export function enrolRefusal(c: ClassFacts, member: MemberState, now: Date): ApiError | null {
  if (member === MEMBER_ENROLLED) return refuse('你已报名该培训班，无需重复报名。', 'ALREADY_ENROLLED', 409);
  // "the class is open for enrolment (not finished)": late enrolment while it runs is allowed.
  if (classState(c, now) === 3) return refuse('该培训班已结束，不能再报名。', 'CLASSES_FINISHED');
  // A class that is not public is by invitation: only someone who was a member may enrol (again).
  if (!c.isPublic && member === null) return refuse('该培训班仅限受邀学员报名，请联系培训管理员。', 'CLASSES_INVITE_ONLY', 403);
  // The seat limit: enrol_count counts the enrolled members, and the class row is locked meanwhile.
  if (c.enrolLimit !== null && c.enrolCount >= c.enrolLimit) return refuse(`名额已满：该培训班限 ${c.enrolLimit} 人，已全部报满。`, 'CLASSES_FULL');
  return null;
}

/** Why I may not cancel my enrolment now, or null when I may. */
export function cancelRefusal(c: ClassFacts, member: MemberState, now: Date): ApiError | null {
  if (member !== MEMBER_ENROLLED) return refuse('你还没有报名该培训班，无需取消。', 'NOT_ENROLLED');
  // Cancel only before the class starts; once it runs, leaving is "quit".
  if (classState(c, now) !== 1) return refuse('培训班已开始，不能取消报名；如需离开，请使用“退出培训班”。', 'CLASSES_STARTED');
  return null;
}

/** Why I may not quit now, or null when I may. */
export function quitRefusal(c: ClassFacts, member: MemberState, now: Date): ApiError | null {
  if (member !== MEMBER_ENROLLED) return refuse('你不是该培训班的学员，无需退出。', 'NOT_ENROLLED');
  const state = classState(c, now);
  // Quit only after the start; before it, "cancel enrolment" gives the place back.
  if (state === 1) return refuse('培训班还没开始，请使用“取消报名”。', 'CLASSES_NOT_STARTED');
  // A finished class is part of my record: it cannot be left afterwards.
  if (state === 3) return refuse('该培训班已结束，不能退出。', 'CLASSES_FINISHED');
  return null;
}

/**
 * A display name masked after its first character ("李小明" → "李**", "Alex" → "A***"), at most
 * three stars, so the member list shows who is there without identifying anyone.
 */
export function maskName(name: string | null | undefined): string {
  const chars = [...(name ?? '').trim()];
  if (chars.length === 0) return '***';
  if (chars.length === 1) return `${chars[0]}*`;
  return chars[0] + '*'.repeat(Math.min(3, chars.length - 1));
}
