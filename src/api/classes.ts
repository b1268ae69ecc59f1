// The class calls (spec learning §7 "Training"; docs/api.md "Classes"), shared by the classes
// feature and the personal center's 我的培训班. Reads are silent where the page shows its own error;
// enrol, cancel and quit go through the error catalogue, whose alert shows the server's reason
// (spec shell §8: on a class detail, a message about "start" does not send the user back).
import { apiGet, apiPost, type ApiOptions, type Paged } from './client';

/** 1 enrolling (not started), 2 in progress, 3 finished. */
export type ClassState = 1 | 2 | 3;

/** My membership: 1 enrolled, 2 cancelled before the start, 3 quit after the start. */
export interface Membership {
  state: 1 | 2 | 3;
  enrolledAt: string;
  leftAt: string | null;
}

/** One item of a schedule phase: an existing course or content. */
export interface PhaseItem {
  id: number;
  type: 'course' | 'content';
  targetId: number;
  title: string;
  cover: string | null;
  /** A content's purpose (which page opens it); null for a course. */
  purpose: number | null;
  kind: string | null;
  /** Seconds. */
  duration: number;
  lessonCount: number;
  /** false: taken down; shown, not opened. */
  available: boolean;
}

export interface ClassPhase {
  id: number;
  title: string;
  summary: string | null;
  items: PhaseItem[];
}

/** GET /train/api/classes/detail. */
export interface ClassDetail {
  id: number;
  title: string;
  cover: string | null;
  summary: string | null;
  categoryId: number | null;
  categoryName: string | null;
  publishTime: string;
  teacher: { id: number; name: string; title: string | null; avatar: string | null; intro: string | null } | null;
  startTime: string;
  endTime: string;
  enrolLimit: number | null;
  enrolCount: number;
  seatsLeft: number | null;
  state: ClassState;
  isPublic: boolean;
  phases: ClassPhase[];
  member: Membership | null;
  canEnroll: boolean;
  canCancel: boolean;
  canQuit: boolean;
  /** Why enrolment is closed to me; null when open or when I am enrolled. */
  enrolBlocked: string | null;
}

/** What enroll, cancelEnroll and quit answer. */
export interface EnrolResult {
  member: Membership;
  enrolCount: number;
  seatsLeft: number | null;
}

/** A member in the member list (name masked by the server; no avatar, which would identify them). */
export interface ClassMember {
  name: string;
  enrolledAt: string;
  isMe: boolean;
}

/** A class I am enrolled in (GET /train/api/classes/searchByUser). */
export interface MyClass {
  id: number;
  title: string;
  cover: string | null;
  summary: string | null;
  teacherName: string | null;
  startTime: string;
  endTime: string;
  enrolLimit: number | null;
  enrolCount: number;
  state: ClassState;
  enrolledAt: string;
  phaseCount: number;
  itemCount: number;
}

export const getClassDetail = (id: number, opts: ApiOptions = {}) => apiGet<ClassDetail>('/train/api/classes/detail', { id }, opts);

export const getClassMembers = (id: number, page: { pageNo: number; pageSize: number }, opts: ApiOptions = {}) =>
  apiGet<Paged<ClassMember>>('/train/api/classesMember/query', { id, ...page }, opts);

export const getMyClasses = (q: { state?: ClassState; pageNo: number; pageSize: number }, opts: ApiOptions = {}) =>
  apiGet<Paged<MyClass>>('/train/api/classes/searchByUser', q, opts);

export const enrollClass = (id: number) => apiPost<EnrolResult>('/train/api/classes/enroll', { id });

export const cancelEnrollClass = (id: number) => apiPost<EnrolResult>('/train/api/classes/cancelEnroll', { id });

/** spec §7 names quit a GET; the server wants the token header, which the client always sends. */
export const quitClass = (id: number) => apiGet<EnrolResult>('/train/api/classesMember/quit', { id });
