// Matches (issue 19 part F; schemas/api/matches.ts, docs/api.md "Matches"): the list, a match with
// its stages and scoreboard, enrolment, submissions, my matches and the judges' view. Shared by the
// matches pages (src/features/matches) and the personal center's myMatch. Reads are silent where
// the page shows its own error; writes go through the error catalogue, so a refusal shows the
// server's message.
import { keepPreviousData, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import type {
  JudgeRow, MatchDetail, MatchFile, MatchItem, MatchScoreBody, MatchStatus, MyMatchItem, Scoreboard,
} from '../../schemas/api/matches';
import { useAppStore } from '../stores/app-store';
import { selectUserId, useUserStore } from '../stores/user-store';
import { apiGet, apiPost, type ApiOptions, type Paged } from './client';

export type {
  JudgeRow, MatchDetail, MatchFile, MatchItem, MatchStage, MatchStatus, MyMatchItem, MySubmission, Scoreboard, ScoreboardRow,
} from '../../schemas/api/matches';
export { MATCH_COMMENT_MAX, MATCH_FILES_MAX, MATCH_TEXT_MAX, MATCH_TITLE_MAX, MATCH_TITLE_MIN } from '../../schemas/api/matches';

type WithoutTenant<T> = Omit<T, 'tenantId'>;

/** A match's page (spec learning §2: /match/detail/{id}). */
export const matchPath = (id: number) => `/match/detail/${id}`;

export interface MatchSearch { pageNo: number; pageSize: number; status?: MatchStatus | undefined; keyword?: string | undefined }

export const searchMatches = (q: MatchSearch, opts: ApiOptions = {}) =>
  apiGet<Paged<MatchItem>>('/task/api/match/search', {
    pageNo: q.pageNo, pageSize: q.pageSize, ...(q.status ? { status: q.status } : {}), ...(q.keyword ? { keyword: q.keyword } : {}),
  }, opts);
export const getMatch = (id: number, opts: ApiOptions = {}) => apiGet<MatchDetail>('/task/api/match/detail', { id }, opts);
export const getScoreboard = (id: number, opts: ApiOptions = {}) => apiGet<Scoreboard>('/task/api/match/scoreboard', { id }, opts);
export const enrollMatch = (matchId: number) => apiPost<MatchDetail>('/task/api/match/enroll', { matchId });
export const cancelEnrollMatch = (matchId: number) => apiPost<MatchDetail>('/task/api/match/cancelEnroll', { matchId });
export const submitMatchWork = (body: { stageId: number; title: string; content: string; attachments: MatchFile[] }) =>
  apiPost<MatchDetail>('/task/api/match/submit', { ...body });
export const getMyMatches = (q: { pageNo: number; pageSize: number; status?: MatchStatus | undefined }, opts: ApiOptions = {}) =>
  apiGet<Paged<MyMatchItem>>('/task/api/match/searchByUser', { pageNo: q.pageNo, pageSize: q.pageSize, ...(q.status ? { status: q.status } : {}) }, opts);
export const getJudgeList = (matchId: number, pending: boolean, opts: ApiOptions = {}) =>
  apiGet<JudgeRow[]>('/task/api/match/judgeList', { matchId, ...(pending ? { pending: true } : {}) }, opts);
export const scoreMatchWork = (body: WithoutTenant<MatchScoreBody>) => apiPost<JudgeRow>('/task/api/match/score', { ...body });

/** The key prefix of the viewer: a tenant's and a user's cached rows never mix (guests: user null). */
function useViewerKey() {
  const tenantId = useAppStore((s) => s.tenantId);
  const userId = useUserStore(selectUserId);
  return ['matches', tenantId, userId] as const;
}

/** The match list, a page at a time. */
export function useMatchList(q: MatchSearch) {
  const key = useViewerKey();
  return useQuery({
    queryKey: [...key, 'list', q.status ?? 'all', q.keyword ?? '', q.pageNo, q.pageSize] as const,
    queryFn: ({ signal }) => searchMatches(q, { silent: true, signal }),
    placeholderData: keepPreviousData, retry: false,
  });
}

/** One match as the viewer sees it. */
export function useMatch(id: number, enabled = true) {
  const key = useViewerKey();
  return useQuery({ queryKey: [...key, 'detail', id] as const, queryFn: ({ signal }) => getMatch(id, { silent: true, signal }), enabled, retry: false });
}

/** A match's scoreboard. */
export function useScoreboard(id: number, enabled = true) {
  const key = useViewerKey();
  return useQuery({ queryKey: [...key, 'scoreboard', id] as const, queryFn: ({ signal }) => getScoreboard(id, { silent: true, signal }), enabled, retry: false });
}

/** My matches, a page at a time. */
export function useMyMatches(q: { pageNo: number; pageSize: number; status?: MatchStatus | undefined }) {
  const key = useViewerKey();
  return useQuery({
    queryKey: [...key, 'mine', q.status ?? 'all', q.pageNo, q.pageSize] as const,
    queryFn: ({ signal }) => getMyMatches(q, { silent: true, signal }),
    placeholderData: keepPreviousData, retry: false,
  });
}

/** The submissions of a match for its judges. */
export function useJudgeList(matchId: number, pending: boolean, enabled: boolean) {
  const key = useViewerKey();
  return useQuery({
    queryKey: [...key, 'judge', matchId, pending] as const,
    queryFn: ({ signal }) => getJudgeList(matchId, pending, { silent: true, signal }), enabled, retry: false,
  });
}

/**
 * The writes on one match (enrol, withdraw, submit, score): each answer that is the match's detail
 * replaces the cached one, and the viewer's lists, scoreboard and judging view refetch.
 */
export function useMatchActions(matchId: number) {
  const key = useViewerKey();
  const client = useQueryClient();
  const settle = (detail?: MatchDetail) => {
    if (detail) client.setQueryData([...key, 'detail', matchId], detail);
    void client.invalidateQueries({ queryKey: key, predicate: (q) => q.queryKey[3] !== 'detail' || !detail });
  };
  return {
    enroll: useMutation({ mutationFn: () => enrollMatch(matchId), onSuccess: settle }),
    withdraw: useMutation({ mutationFn: () => cancelEnrollMatch(matchId), onSuccess: settle }),
    submit: useMutation({ mutationFn: submitMatchWork, onSuccess: settle }),
    score: useMutation({ mutationFn: scoreMatchWork, onSuccess: () => settle() }),
  };
}
