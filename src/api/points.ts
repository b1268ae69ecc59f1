// The points calls (issue 19 part C; schemas/api/points.ts, docs/api.md "Points"): the points pages
// of src/features/points and the personal center. Reads are silent where the page shows its own
// error; the check-in goes through the error catalogue, so a refusal shows the server's message.
import type {
  PointsKindName, PointsLevel, PointsPeriod, PointsRankPage, PointsRule, SignInResult, StudyRankPage, UserLogItem, UserScore,
} from '../../schemas/api/points';
import { apiGet, apiPost, type ApiOptions, type Paged } from './client';

export type {
  PointsKindName, PointsLevel, PointsPeriod, PointsRankPage, PointsRankRow, PointsRule, PointsToday, SignInResult, StudyRankPage, StudyRankRow, UserLogItem, UserScore,
} from '../../schemas/api/points';
export { POINTS_KINDS } from '../../schemas/api/points';

/** The pages' paths (spec learning §2 "Archives", "Ranking and competitions"). */
export const pointsPaths = { rank: '/integral/rank', scoreboard: '/scoreboard', studyRank: '/rank', detail: '/archives/pointDetail' };

/** The rules that earn points now (GET /cfg/cfgIntegrateType/listByTenantFront). */
export const getPointsRules = (opts: ApiOptions = {}) => apiGet<PointsRule[]>('/cfg/cfgIntegrateType/listByTenantFront', {}, opts);

/** The levels, lowest first. */
export const getPointsLevels = (opts: ApiOptions = {}) => apiGet<PointsLevel[]>('/cfg/api/integrate/listLevel', {}, opts);

/** A page of the points board by period and organisation, with my place when signed in. */
export const getPointsBoard = (q: { pageNo: number; pageSize: number; period: PointsPeriod; orgName?: string | undefined }, opts: ApiOptions = {}) =>
  apiGet<PointsRankPage>('/um/api/userIntegrate/rank', { pageNo: q.pageNo, pageSize: q.pageSize, period: q.period, ...(q.orgName ? { orgName: q.orgName } : {}) }, opts);

/** The organisations the board filters by. */
export const getPointsOrgs = (opts: ApiOptions = {}) => apiGet<string[]>('/um/api/userIntegrate/orgList', {}, opts);

/** My total, level, today's points and place. */
export const getUserScore = (opts: ApiOptions = {}) => apiGet<UserScore>('/um/api/userIntegrate/userScore', {}, opts);

/** My ledger, newest first. */
export const getUserLog = (q: { pageNo: number; pageSize: number; kind?: PointsKindName | undefined; period: PointsPeriod }, opts: ApiOptions = {}) =>
  apiGet<Paged<UserLogItem>>('/um/api/userIntegrate/userLog', { pageNo: q.pageNo, pageSize: q.pageSize, period: q.period, ...(q.kind ? { kind: q.kind } : {}) }, opts);

/** Today's check-in (ours: POST /um/api/userIntegrate/signIn). */
export const signInToday = () => apiPost<SignInResult>('/um/api/userIntegrate/signIn', {});

/** A page of the study-time (by time) or completion (by finish) board, with my place when signed in. */
export const getStudyBoard = (q: { pageNo: number; pageSize: number; period: PointsPeriod; by: 'time' | 'finish' }, opts: ApiOptions = {}) =>
  apiGet<StudyRankPage>('/um/api/userIntegrate/studyRank', { ...q }, opts);
