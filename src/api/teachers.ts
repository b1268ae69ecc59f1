// Teachers' pages and the requirements hall (issue 19 part G; schemas/api/teachers.ts, docs/api.md
// "Teachers and the requirements hall"). Reads are silent where the page shows its own error; writes
// go through the error catalogue, so a refusal shows the server's message.
import type {
  RequirementCard, RequirementCategory, RequirementDetail, RequirementFile, RequirementSaveBody, TeacherCard, TeacherContribution,
  TeacherDetail, TeacherRateResult, TeacherReview,
} from '../../schemas/api/teachers';
import { apiGet, apiPost, type ApiOptions, type Paged } from './client';

export type {
  RequirementCard, RequirementCategory, RequirementDetail, RequirementFile, RequirementResponse, RequirementStatus, TeacherCard,
  TeacherClass, TeacherContribution, TeacherCourse, TeacherDetail, TeacherRateResult, TeacherReview, TaughtLearner,
} from '../../schemas/api/teachers';
export {
  RATING_COMMENT_MAX, REQUIREMENT_FILES_MAX, REQUIREMENT_TEXT_MAX, REQUIREMENT_TEXT_MIN, REQUIREMENT_TITLE_MAX, REQUIREMENT_TITLE_MIN,
  RESPONSE_TEXT_MAX,
} from '../../schemas/api/teachers';

/** The hall's kinds, in the order the filters show them. */
export const REQUIREMENT_CATEGORIES: readonly RequirementCategory[] = ['course', 'lecture', 'content', 'consulting', 'other'];

/** spec learning §2: the teacher's pages take the teacher in the query. */
export const teacherDetailPath = (id: number) => `/teacherList/teacherDetail?id=${id}`;
export const teacherContributionPath = (id: number) => `/teacherList/teacherContribution?id=${id}`;
/** spec learning §2: /pages/require/detail and /pages/require/save take the requirement in the query. */
export const requirementPath = (id: number) => `/pages/require/detail?id=${id}`;
export const requirementEditPath = (id: number) => `/pages/require/save?id=${id}`;

export interface TeacherSearch { pageNo: number; pageSize: number; searchValue?: string | undefined; sort?: 'score' | 'rating' | 'name' | undefined }

const defined = (o: Record<string, unknown>) => Object.fromEntries(Object.entries(o).filter(([, v]) => v !== undefined && v !== ''));

/** The tenant's teachers (名师风采). */
export const searchTeachers = (q: TeacherSearch, opts: ApiOptions = {}) => apiGet<Paged<TeacherCard>>('/um/api/teacher/search', defined({ ...q }), opts);

/** A teacher's profile, what they teach, the rating and mine. */
export const getTeacher = (id: number, opts: ApiOptions = {}) => apiGet<TeacherDetail>('/um/api/teacher/detail', { id }, opts);

/** A page of a teacher's reviews. */
export const getTeacherRatings = (id: number, pageNo: number, pageSize: number, opts: ApiOptions = {}) =>
  apiGet<Paged<TeacherReview>>('/um/api/teacher/ratings', { id, pageNo, pageSize }, opts);

/** Rates a teacher (again: edits my rating). */
export const rateTeacher = (teacherId: number, score: number, comment: string) =>
  apiPost<TeacherRateResult>('/um/api/teacher/rate', { teacherId, score, comment: comment.trim() || null });

/** What a teacher made and whom they taught. */
export const getTeacherContribution = (id: number, opts: ApiOptions = {}) => apiGet<TeacherContribution>('/um/api/teacher/contribution', { id }, opts);

export interface RequirementSearch {
  pageNo: number; pageSize: number; searchValue?: string | undefined; state?: 'open' | 'closed' | undefined;
  category?: RequirementCategory | undefined; sort?: 'newest' | 'deadline' | undefined; mine?: boolean | undefined;
}

/** The hall. */
export const searchRequirements = (q: RequirementSearch, opts: ApiOptions = {}) =>
  apiGet<Paged<RequirementCard>>('/cm/api/requirement/search', defined({ ...q, mine: q.mine ? true : undefined }), opts);

/** One requirement with the responses I may see. */
export const getRequirement = (id: number, opts: ApiOptions = {}) => apiGet<RequirementDetail>('/cm/api/requirement/detail', { id }, opts);

/** Publishes (no id) or edits my open requirement. */
export const saveRequirement = (body: Omit<RequirementSaveBody, 'tenantId'>) => apiPost<RequirementDetail>('/cm/api/requirement/save', { ...body });

/** Sends (or edits) my response. */
export const respondRequirement = (requirementId: number, content: string, quote: number | null, attachments: RequirementFile[]) =>
  apiPost<RequirementDetail>('/cm/api/requirement/respond', { requirementId, content, quote, attachments });

/** The owner accepts a response. */
export const acceptResponse = (responseId: number) => apiPost<RequirementDetail>('/cm/api/requirement/accept', { responseId });

/** The owner closes the requirement. */
export const closeRequirement = (id: number) => apiPost<RequirementDetail>('/cm/api/requirement/close', { id });
