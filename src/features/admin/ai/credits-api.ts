// The back office's AI credits calls (issue 21 part F; docs/api.md "AI credits"): the rules, the
// learners with their balances, and an adjustment with a reason.
import type { AdjustBody, CreditAccountRow, CreditRules } from '../../../../schemas/api/ai-credits';
import type { Static } from 'typebox';
import { apiGet, apiPost, type Paged } from '../../../api/client';

export type { CreditAccountRow, CreditRules } from '../../../../schemas/api/ai-credits';

export const getCreditRules = (signal?: AbortSignal) => apiGet<CreditRules>('/cm/api/ai/credits/rules', {}, { silent: true, ...(signal ? { signal } : {}) });
export const saveCreditRules = (rules: CreditRules) => apiPost<CreditRules>('/cm/api/ai/credits/rules', { rules });
export const listCreditAccounts = (q: { searchValue?: string; pageNo: number; pageSize: number }, signal?: AbortSignal) =>
  apiGet<Paged<CreditAccountRow>>('/cm/api/ai/credits/accounts', q, { silent: true, ...(signal ? { signal } : {}) });
export const adjustCredits = (body: Omit<Static<typeof AdjustBody>, 'tenantId'>) => apiPost<{ ledgerId: number; balance: number }>('/cm/api/ai/credits/adjust', body);
