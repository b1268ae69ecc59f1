// The game calls (issue 19 part B; schemas/api/games.ts, docs/api.md "Games"): the game pages of
// src/features/games. Reads are silent where the page shows its own error; writes go through the
// error catalogue, so a refusal shows the server's message.
import type {
  AttemptRow, GameDetail, MyGameItem, RoundDetail, RoundMap, RoundPlay, RoundResult,
} from '../../schemas/api/games';
import { apiGet, apiPost, type ApiOptions, type Paged } from './client';

export type {
  AttemptRow, GameDetail, GameProgress, MyGameItem, OpenAttempt, ReviewedQuestion, RoundDetail, RoundMap, RoundPlay, RoundQuestion, RoundResult,
  RoundState, RoundSummary,
} from '../../schemas/api/games';

/** The pages' paths (spec learning §2 "Games"). */
export const gamePaths = {
  list: '/game',
  detail: (id: number) => `/game/detail/${id}`,
  round: (gameId: number) => `/game/round?gameId=${gameId}`,
  player: (gameId: number, roundId: number) => `/game/round/player?gameId=${gameId}&roundId=${roundId}`,
  history: (gameId?: number) => (gameId ? `/game/history?gameId=${gameId}` : '/game/history'),
};

/** A game with its rounds and my progress (null for a guest). */
export const getGameDetail = (id: number, opts: ApiOptions = {}) => apiGet<GameDetail>('/task/api/game/detail', { id }, opts);

/** Starts playing (creates my player once) and returns my round map. */
export const startGame = (gameId: number, opts: ApiOptions = {}) => apiGet<RoundMap>('/task/api/game/start', { gameId }, opts);

/** My round map of a game. */
export const getRoundList = (gameId: number, opts: ApiOptions = {}) => apiGet<RoundMap>('/task/api/game/roundList', { gameId }, opts);

/** A round with my attempts at it. */
export const getRoundDetail = (roundId: number, opts: ApiOptions = {}) => apiGet<RoundDetail>('/task/api/game/roundDetail', { roundId }, opts);

/** A round's material and my open attempt. */
export const getRoundContent = (roundId: number, opts: ApiOptions = {}) => apiGet<RoundPlay>('/task/api/game/roundContent', { roundId }, opts);

/** I studied the material: opens my attempt (or returns the open one). */
export const beginRound = (roundId: number) => apiPost<RoundPlay>('/task/api/game/saveUserRoundContent', { roundId });

/** Saves my answers of an open attempt (silent: the player shows its own save state). */
export const saveRoundAnswers = (roundId: number, userRoundId: number, answers: Record<string, string[]>, opts: ApiOptions = {}) =>
  apiPost<RoundPlay>('/task/api/game/saveUserRoundContent', { roundId, userRoundId, answers }, opts);

/** Hands the attempt in (safe to repeat) and returns its result. */
export const finishRound = (userRoundId: number, opts: ApiOptions = {}) => apiGet<RoundResult>('/task/api/game/finishRound', { userRoundId }, opts);

/** The games I play, with my progress. */
export const getMyGames = (q: { pageNo: number; pageSize: number }, opts: ApiOptions = {}) =>
  apiGet<Paged<MyGameItem>>('/task/api/game/searchByUser', { pageNo: q.pageNo, pageSize: q.pageSize }, opts);

/** My finished attempts, newest first (of one game when asked). */
export const getGameHistory = (q: { pageNo: number; pageSize: number; gameId?: number | undefined }, opts: ApiOptions = {}) =>
  apiGet<Paged<AttemptRow>>('/task/api/game/userGameHist', { pageNo: q.pageNo, pageSize: q.pageSize, ...(q.gameId ? { gameId: q.gameId } : {}) }, opts);
