// The back-office's competition and game editors (issue 19 part I; docs/api.md "Growth: back-office").
// Reads are silent (each page shows its own error, the server's message on a refusal); saves go
// through the error catalogue, which shows the server's message.
import { keepPreviousData, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import type { Static } from 'typebox';
import { apiGet, apiPost } from '../../../api/client';
import type {
  AdminGame, AdminGameRow, AdminJudge, AdminMatch, AdminMatchRow, BankCategoryChoice, ContentChoice, GameInput, GameQuestionInput, GameRoundInput,
  MatchChoices, MatchInput, StageInput,
} from '../../../../schemas/api/growth-admin';
import { useAppStore } from '../../../stores/app-store';

export type { AdminGame, AdminGameRow, AdminMatch, AdminMatchRow, GameInput, GameQuestionInput, GameRoundInput, MatchInput, StageInput };
export type Judge = Static<typeof AdminJudge>;
export type ContentPick = Static<typeof ContentChoice>;
export type BankCategoryPick = Static<typeof BankCategoryChoice>;
export interface PageOf<T> { list: T[]; total: number; pageNo: number; pageSize: number }

const silent = { silent: true } as const;

function useKey(...parts: unknown[]) {
  const tenantId = useAppStore((s) => s.tenantId);
  return ['growth-admin', tenantId, ...parts] as const;
}

function useWrite<A, R>(post: (args: A) => Promise<R>) {
  const client = useQueryClient();
  const tenantId = useAppStore((s) => s.tenantId);
  return useMutation({ mutationFn: post, onSuccess: () => void client.invalidateQueries({ queryKey: ['growth-admin', tenantId] }) });
}

// --- Matches ---
export const useAdminMatches = (q: { keyword?: string | undefined; pageNo: number; pageSize: number }) => useQuery({
  queryKey: useKey('matches', q),
  queryFn: ({ signal }) => apiGet<PageOf<AdminMatchRow>>('/task/api/admin/matches', { ...q }, { ...silent, signal }),
  placeholderData: keepPreviousData,
  retry: false,
});
export const useAdminMatch = (id: number | null) => useQuery({
  queryKey: useKey('match', id),
  queryFn: ({ signal }) => apiGet<AdminMatch>('/task/api/admin/match', { id }, { ...silent, signal }),
  enabled: id !== null,
  retry: false,
});
export const useMatchChoices = () => useQuery({
  queryKey: useKey('match-choices'),
  queryFn: ({ signal }) => apiGet<Static<typeof MatchChoices>>('/task/api/admin/match/choices', undefined, { ...silent, signal }),
  retry: false,
});
export const useSaveMatch = () => useWrite((match: MatchInput) => apiPost<AdminMatch>('/task/api/admin/match/save', { match }));
export const useDeleteMatch = () => useWrite((id: number) => apiPost<null>('/task/api/admin/match/delete', { id }));
export const useCloseMatch = () => useWrite((id: number) => apiPost<AdminMatch>('/task/api/admin/match/close', { id }));
export const useSetJudge = () => useWrite((body: { id: number; userId: number; grant: boolean }) => apiPost<Judge[]>('/task/api/admin/match/judge', { ...body }));

// --- Games ---
export const useAdminGames = (q: { keyword?: string | undefined; pageNo: number; pageSize: number }) => useQuery({
  queryKey: useKey('games', q),
  queryFn: ({ signal }) => apiGet<PageOf<AdminGameRow>>('/task/api/admin/games', { ...q }, { ...silent, signal }),
  placeholderData: keepPreviousData,
  retry: false,
});
export const useAdminGame = (id: number | null) => useQuery({
  queryKey: useKey('game', id),
  queryFn: ({ signal }) => apiGet<AdminGame>('/task/api/admin/game', { id }, { ...silent, signal }),
  enabled: id !== null,
  retry: false,
});
export const useSaveGame = () => useWrite((game: GameInput) => apiPost<AdminGame>('/task/api/admin/game/save', { game }));
export const usePublishGame = () => useWrite((body: { id: number; published: boolean }) => apiPost<AdminGame>('/task/api/admin/game/publish', { ...body }));
export const useDeleteGame = () => useWrite((id: number) => apiPost<null>('/task/api/admin/game/delete', { id }));
export const useContentChoices = (keyword: string) => useQuery({
  queryKey: useKey('contents', keyword),
  queryFn: ({ signal }) => apiGet<ContentPick[]>('/task/api/admin/game/contents', { keyword: keyword || undefined }, { ...silent, signal }),
  placeholderData: keepPreviousData,
  retry: false,
});
export const useBankCategories = (enabled: boolean) => useQuery({
  queryKey: useKey('bank-categories'),
  queryFn: ({ signal }) => apiGet<BankCategoryPick[]>('/task/api/admin/game/bankCategories', undefined, { ...silent, signal }),
  enabled,
  retry: false,
});
export const fetchBankQuestions = (categoryId: number, count: number) =>
  apiGet<GameQuestionInput[]>('/task/api/admin/game/bankQuestions', { categoryId, count });
