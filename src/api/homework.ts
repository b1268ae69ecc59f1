// The homework calls (issue 18; schemas/api/homework.ts, docs/api.md "Homework"), shared by the
// homework page (src/features/homework) and the personal center's myHomework, myZuoye and myWork.
// Reads are silent where the page shows its own error; writes go through the error catalogue, so
// a refusal shows the server's message.
import type {
  HomeworkCloseBody, HomeworkDetail, HomeworkFile, HomeworkMarkBody, HomeworkQueue, HomeworkSaveBody, HomeworkStatus,
  HomeworkSubmission, MyHomeworkItem, TeachingClass, TeachingHomeworkItem,
} from '../../schemas/api/homework';
import { apiGet, apiPost, type ApiOptions, type Paged } from './client';

export type {
  HomeworkDetail, HomeworkFile, HomeworkQueue, HomeworkStatus, HomeworkSubmission, MyHomeworkItem, QueueRow, TeachingClass, TeachingHomeworkItem,
} from '../../schemas/api/homework';
export { HOMEWORK_COMMENT_MAX, HOMEWORK_FILES_MAX, HOMEWORK_TEXT_MAX } from '../../schemas/api/homework';

type WithoutTenant<T> = Omit<T, 'tenantId'>;

/** The assignment page's path (spec learning §2: /homeWork/detail and /zuoye/detail). */
export const homeworkPath = (id: number) => `/homeWork/detail?id=${id}`;

/** One assignment with my submission (GET /train/api/homework/detail). */
export const getHomework = (id: number, opts: ApiOptions = {}) => apiGet<HomeworkDetail>('/train/api/homework/detail', { id }, opts);

/** Submits (or, after a return, resubmits) my text and files. */
export const submitHomework = (homeworkId: number, content: string, files: HomeworkFile[]) =>
  apiPost<HomeworkDetail>('/train/api/homework/submit', { homeworkId, content, files });

/** My classes' assignments with my status. */
export const getMyHomework = (q: { pageNo: number; pageSize: number; status?: HomeworkStatus | undefined }, opts: ApiOptions = {}) =>
  apiGet<Paged<MyHomeworkItem>>('/train/api/homework/my', { pageNo: q.pageNo, pageSize: q.pageSize, ...(q.status ? { status: q.status } : {}) }, opts);

/** The classes I teach (teachers only). */
export const getTeachingClasses = (opts: ApiOptions = {}) => apiGet<TeachingClass[]>('/train/api/homework/teachingClasses', {}, opts);

/** The assignments of the classes I teach with their counts (teachers only). */
export const getTeachingHomework = (q: { pageNo: number; pageSize: number; classesId?: number | undefined }, opts: ApiOptions = {}) =>
  apiGet<Paged<TeachingHomeworkItem>>('/train/api/homework/teaching', { pageNo: q.pageNo, pageSize: q.pageSize, ...(q.classesId ? { classesId: q.classesId } : {}) }, opts);

/** Creates (no id) or edits an assignment. */
export const saveHomework = (body: WithoutTenant<HomeworkSaveBody>) => apiPost<TeachingHomeworkItem>('/train/api/homework/save', { ...body });

/** Closes (closed true) or reopens an assignment. */
export const closeHomework = (body: WithoutTenant<HomeworkCloseBody>) => apiPost<TeachingHomeworkItem>('/train/api/homework/close', { ...body });

/** The marking queue of one assignment. */
export const getHomeworkQueue = (id: number, opts: ApiOptions = {}) => apiGet<HomeworkQueue>('/train/api/homework/submissions', { id }, opts);

/** One submission whole, for marking. */
export const getSubmission = (id: number, opts: ApiOptions = {}) => apiGet<HomeworkSubmission>('/train/api/homework/submission', { id }, opts);

/** Marks a submission or returns it for redo. */
export const markSubmission = (body: WithoutTenant<HomeworkMarkBody>) => apiPost<HomeworkSubmission>('/train/api/homework/mark', { ...body });

/** Whether the signed-in user holds a teacher grant (UserInfo.roles); the server decides again on every call. */
export const isTeacher = (roles: readonly { role: string }[] | undefined) => (roles ?? []).some((r) => r.role === 'teacher');
