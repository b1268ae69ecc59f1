// AI credits' calls (issue 21 part F; docs/api.md "AI credits"): my balance with the prices, my
// ledger and the packages on sale. The AI pages show the cost and the balance where the learner
// acts (useCreditBalance) and refresh it after each charged run (refreshCredits).
import { keepPreviousData, useQuery, useQueryClient, type QueryClient } from '@tanstack/react-query';
import type { CreditBalance, CreditPackage, LedgerRow } from '../../../../schemas/api/ai-credits';
import { ApiError, apiGet, apiPost, type Paged } from '../../../api/client';
import { useAppLanguage } from '../../../i18n/texts';
import { useAppStore } from '../../../stores/app-store';
import { selectUserId, useUserStore } from '../../../stores/user-store';

export type { CreditBalance, CreditPackage, LedgerRow } from '../../../../schemas/api/ai-credits';
export type CreditUse = keyof CreditBalance['prices'];

/** Where a learner tops up (spec learning §2: /robot/goRecharge, sign-in required). */
export const RECHARGE_PATH = '/robot/goRecharge';

/** The refusal a charged call answers when the balance is short (server/lib/ai/credits.ts). */
export const isCreditsExhausted = (error: unknown): boolean => error instanceof ApiError && error.errorCode === 'AI_CREDITS_EXHAUSTED';

/** My balance, the prices and today's free answers; off for guests (they are not charged). */
export function useCreditBalance() {
  const tenantId = useAppStore((s) => s.tenantId);
  const userId = useUserStore(selectUserId);
  const lang = useAppLanguage().startsWith('en') ? 'en' : 'zh';
  return useQuery({
    queryKey: ['ai-credits', 'balance', tenantId, userId],
    queryFn: ({ signal }) => apiGet<CreditBalance>('/cm/api/ai/credits/balance', { lang }, { silent: true, signal }),
    enabled: userId !== null,
  });
}

/** A page of my ledger, newest first. */
export function useCreditLedger(pageNo: number, pageSize = 10) {
  const tenantId = useAppStore((s) => s.tenantId);
  const userId = useUserStore(selectUserId);
  return useQuery({
    queryKey: ['ai-credits', 'ledger', tenantId, userId, pageNo, pageSize],
    queryFn: ({ signal }) => apiGet<Paged<LedgerRow>>('/cm/api/ai/credits/ledger', { pageNo, pageSize }, { silent: true, signal }),
    enabled: userId !== null,
    placeholderData: keepPreviousData,
  });
}

/** The packages the tenant sells (shop products), cheapest first. */
export function useCreditPackages() {
  const tenantId = useAppStore((s) => s.tenantId);
  return useQuery({
    queryKey: ['ai-credits', 'packages', tenantId],
    queryFn: ({ signal }) => apiGet<CreditPackage[]>('/cm/api/ai/credits/packages', {}, { silent: true, signal }),
  });
}

/** Reads the balance and the ledger again (after a charged run, a top-up). */
export function refreshCredits(client: QueryClient): Promise<void> {
  return client.invalidateQueries({ queryKey: ['ai-credits'] });
}

/** refreshCredits bound to the page's query client. */
export function useRefreshCredits(): () => Promise<void> {
  const client = useQueryClient();
  return () => refreshCredits(client);
}

/** Whether the tenant's provider can speak (part A's capabilities: a TTS model is set), and what is missing otherwise. */
export function useSpeechCapability() {
  const tenantId = useAppStore((s) => s.tenantId);
  const lang = useAppLanguage().startsWith('en') ? 'en' : 'zh';
  return useQuery({
    queryKey: ['ai-credits', 'tts', tenantId, lang],
    queryFn: ({ signal }) => apiGet<{ tts: boolean; needs: { tts?: string | null } }>('/cm/api/ai/capabilities', { lang }, { silent: true, signal }),
    staleTime: 60_000,
  });
}

/** Reads a text with the tenant's TTS model (POST /cm/api/ai/speech, charged as speech). */
export function speakWithProvider(body: { text: string; speed: number; lang: 'zh' | 'en' }, signal?: AbortSignal) {
  return apiPost<{ mime: string; audio: string; cost: number; balance: number }>('/cm/api/ai/speech', body, { silent: true, timeout: 60_000, ...(signal ? { signal } : {}) });
}
