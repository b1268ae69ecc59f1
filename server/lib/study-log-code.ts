import { createHmac, timingSafeEqual } from 'node:crypto';

// The validCode of course and subject study logs (spec learning §3: "Subject and course logs also
// carry a validCode checksum"; docs/api.md "Study history"). The server issues a per-user,
// per-course key (getCourseRecord); the client signs each log's fields with it (js-md5's
// md5.hmac(key, message) computes the same HMAC-MD5). It binds a log to that key and to the exact
// fields, so a log cannot be replayed for another user, course or position; it does not stop a
// user from scripting their own browser, which holds the key.

/** What a study log is scoped to: a course or a subject (topic). */
export type StudyLogScope = 'course' | 'subject';

/** The fields a validCode covers, in the order they are joined. */
export interface StudyLogFields {
  contentId: number;
  partId: number;
  courseId?: number | null | undefined;
  subjectId?: number | null | undefined;
  progress: number;
  duration: number;
  playTime: number;
  state: number;
  savedAt: number;
}

/** The per-user key for one course or subject: HMAC-SHA256(tenantSecret, 'study-log:user:scope:id'), hex. */
export function studyLogKey(tenantSecret: string, userId: number, scope: StudyLogScope, id: number): string {
  return createHmac('sha256', tenantSecret).update(`study-log:${userId}:${scope}:${id}`, 'utf8').digest('hex');
}

/** The signed text: contentId|partId|courseId|subjectId|progress|duration|playTime|state|savedAt (absent ids as 0). */
export function studyLogCanonical(f: StudyLogFields): string {
  return [f.contentId, f.partId, f.courseId ?? 0, f.subjectId ?? 0, f.progress, f.duration, f.playTime, f.state, f.savedAt].join('|');
}

/** The validCode of a log: HMAC-MD5(logKey, canonical), lowercase hex. */
export function studyLogCode(logKey: string, fields: StudyLogFields): string {
  return createHmac('md5', logKey).update(studyLogCanonical(fields), 'utf8').digest('hex');
}

/** True when `validCode` is the code of these fields under logKey (constant-time compare). */
export function verifyStudyLogCode(logKey: string, fields: StudyLogFields, validCode: string | undefined): boolean {
  if (!validCode || !/^[0-9a-fA-F]{32}$/.test(validCode)) return false;
  const expected = Buffer.from(studyLogCode(logKey, fields), 'hex');
  return timingSafeEqual(expected, Buffer.from(validCode.toLowerCase(), 'hex'));
}
