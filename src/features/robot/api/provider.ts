// What the tenant's AI area can do now (issue 21 part A; docs/api.md "AI provider"): GET
// /cm/api/ai/capabilities. Learner pages read it to say what needs configuring before the learner
// acts (e.g. "图片生成需要管理员在「AI 服务设置」中配置图片模型"), in the page's language; guests too.
import { useQuery } from '@tanstack/react-query';
import type { Capabilities } from '../../../../schemas/api/ai-provider';
import { apiGet } from '../../../api/client';
import { useAppLanguage } from '../../../i18n/texts';
import { useAppStore } from '../../../stores/app-store';

export type { Capabilities } from '../../../../schemas/api/ai-provider';

/** Reads the capabilities (no secrets); a minute fresh, since settings change rarely. */
export const getAiCapabilities = (lang: 'zh' | 'en', signal?: AbortSignal) =>
  apiGet<Capabilities>('/cm/api/ai/capabilities', { lang }, { silent: true, ...(signal ? { signal } : {}) });

/** The tenant's AI capabilities in the page's language; `needs.images` etc. is the sentence to show when missing. */
export function useAiCapabilities() {
  const tenantId = useAppStore((s) => s.tenantId);
  const lang = useAppLanguage().startsWith('en') ? 'en' : 'zh';
  return useQuery({
    queryKey: ['ai-capabilities', tenantId, lang],
    queryFn: ({ signal }) => getAiCapabilities(lang, signal),
    staleTime: 60_000,
  });
}
