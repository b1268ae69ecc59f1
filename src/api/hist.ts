// Study history (spec learning §3 "Study record", "Progress response"; §7 "Study history") and the
// audio decode call (spec shell §7: "decoding an audio address (permissionFlag, baseUrl, optional
// region)", path not shown: docs/api.md "Media decode").
import { md5 } from 'js-md5';
import type { CourseRecord, DecodedMedia, ProgressResponse } from '../../schemas/api/cm';
import { TASK_LOG_TYPE } from '../../schemas/api/tasks';
import { ApiError, apiGet, type ApiEnvelope } from './client';
import { apiClient } from './transport';

/** What the player reports for one content part (spec learning §3 "Study record"; seconds). */
export interface StudyRecord {
  contentId: number;
  /** 0: the whole content. */
  partId: number;
  /** The position. */
  progress: number;
  duration: number;
  /** Seconds listened, cumulative. */
  playTime: number;
  state: 1 | 2;
  /** Client epoch ms of this position: the server keeps the position of the latest one. */
  savedAt: number;
  courseId?: number | null;
  subjectId?: number | null;
  /** spec learning §3 logType: 3 (TASK_LOG_TYPE) when studied inside a task (issue 19 part A). */
  logType?: number;
  /** spec learning §3 userTaskId: the learner's task the content is studied in. */
  userTaskId?: number;
}

/** The fields a save made inside the learner's task carries (spec learning §3 logType, userTaskId; issue 19 part A). */
export function taskLogFields(userTaskId: number | null | undefined): Pick<StudyRecord, 'logType' | 'userTaskId'> {
  return userTaskId ? { logType: TASK_LOG_TYPE, userTaskId } : {};
}

// A progress answer (spec learning §3 "Progress response", plus the stored position and listened
// time) and a course's or subject's records with its log key: the server's response schemas
// (schemas/api/cm/hist.ts), derived (issue 14 point 4).
export type { CourseRecord, ProgressResponse } from '../../schemas/api/cm';

// A decoded, playable address and when it stops working (epoch seconds; 0: never): the decode
// call's response schema (schemas/api/cm/media.ts), derived (issue 14 point 4).
export type { DecodedMedia } from '../../schemas/api/cm';

/**
 * The validCode of a course or subject study log (docs/api.md "Study history"): HMAC-MD5 with the
 * server-issued logKey over the record's fields in a fixed order.
 */
export function studyLogCode(logKey: string, record: StudyRecord): string {
  const canonical = [record.contentId, record.partId, record.courseId ?? 0, record.subjectId ?? 0, record.progress, record.duration, record.playTime, record.state, record.savedAt].join('|');
  return md5.hmac(logKey, canonical);
}

/** The path a record is written to: course and subject lessons go through the signed course log. */
export function studyLogPath(record: StudyRecord): string {
  return record.courseId || record.subjectId ? '/cm/api/hist/courseLog' : '/cm/api/hist/save';
}

/** The body of a write, validCode included when the record belongs to a course or subject. */
export function studyLogBody(record: StudyRecord, logKey?: string): Record<string, unknown> {
  const body: Record<string, unknown> = { ...record, terminal: 'PC' };
  if (record.courseId === null || record.courseId === undefined) delete body.courseId;
  if (record.subjectId === null || record.subjectId === undefined) delete body.subjectId;
  if (record.courseId || record.subjectId) {
    if (!logKey) throw new Error('A course or subject study log needs the logKey from getCourseRecord.');
    body.validCode = studyLogCode(logKey, record);
  }
  return body;
}

/**
 * Writes one record. Silent: a background save never raises an alert; the caller keeps and retries
 * it. "Study-log calls answer flag 0 on success. The client rejects anything else." (issue 6)
 */
export async function sendStudyRecord(record: StudyRecord, logKey?: string): Promise<ProgressResponse> {
  const response = await apiClient.post<ApiEnvelope<ProgressResponse>>(studyLogPath(record), studyLogBody(record, logKey), { silent: true });
  const envelope = response.data;
  if (envelope.flag !== 0) {
    throw new ApiError(envelope.message || 'The study log was not acknowledged.', { code: envelope.code, flag: envelope.flag, errorCode: envelope.errorCode, status: response.status });
  }
  return envelope.data;
}

/** The signed-in user's progress on a content part. */
export function getProgress(contentId: number, partId: number, signal?: AbortSignal): Promise<ProgressResponse> {
  return apiGet<ProgressResponse>('/cm/api/hist/getProgress', { contentId, partId }, { silent: true, ...(signal ? { signal } : {}) });
}

/** A course's (or subject's) records and the logKey its study logs are signed with. */
export function getCourseRecord(scope: { courseId: number } | { subjectId: number }): Promise<CourseRecord> {
  return apiGet<CourseRecord>('/cm/api/hist/getCourseRecord', { ...scope }, { silent: true });
}

/** A playable, expiring address for a base address (docs/api.md "Media decode"). */
export function decodeMedia(baseUrl: string, permissionFlag: 0 | 1, region?: string): Promise<DecodedMedia> {
  return apiGet<DecodedMedia>('/cm/api/media/decode', { baseUrl, permissionFlag, ...(region ? { region } : {}) }, { silent: true });
}
