// The back office's retrieval-index calls (issue 21 part B; docs/api.md "AI: the retrieval index"):
// the index's state per kind, a rebuild, and a preview of what the offline assistant finds and answers.
import type { AiIndexPreview, AiIndexStatus } from '../../../../schemas/api/ai-index';
import { apiGet, apiPost } from '../../../api/client';

export type { AiIndexPreview, AiIndexStatus } from '../../../../schemas/api/ai-index';

export const getIndexStatus = (tenantId: number, signal?: AbortSignal) =>
  apiGet<AiIndexStatus>('/cm/api/ai/index/status', { tenantId }, { silent: true, ...(signal ? { signal } : {}) });
/** Builds the index from the catalogue now; a large catalogue takes a while. */
export const rebuildIndex = (tenantId: number) =>
  apiPost<AiIndexStatus>('/cm/api/ai/index/rebuild', { tenantId }, { silent: true, timeout: 120_000 });
/** What the offline assistant finds for `question` and the answer it composes, in `lang`. */
export const previewIndex = (tenantId: number, question: string, lang: 'zh' | 'en') =>
  apiPost<AiIndexPreview>('/cm/api/ai/index/preview', { tenantId, question, lang }, { silent: true });
