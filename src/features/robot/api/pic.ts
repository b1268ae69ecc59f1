// Issue 21 part E's drawing calls (docs/api.md "Issue 21 E"): what the tenant's provider can do,
// drawing, my gallery, the tenant's showcase, sharing and deleting, saved styles. Reads are silent:
// the pages show their own errors in place (a refused drawing keeps the form as it was).
import { keepPreviousData, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import type { AiImage, AiStyle, GenerateResult, ImageOptions } from '../../../../schemas/api/ai-images';
import { apiGet, apiPost, type Paged } from '../../../api/client';
import { useAppStore } from '../../../stores/app-store';
import { selectUserId, useUserStore } from '../../../stores/user-store';
import { i18n } from '../../../i18n/i18n';

export type { AiImage, AiStyle, GenerateResult, ImageOptions } from '../../../../schemas/api/ai-images';
export { IMAGE_MAX_COUNT, IMAGE_SIZES, NEGATIVE_MAX, PROMPT_MAX, STYLE_NAME_MAX, STYLE_PROMPT_MAX, STYLE_REFERENCES_MAX } from '../../../../schemas/api/ai-images';

/** The language refusals and notes come back in. */
export const callLang = (): 'zh' | 'en' => (i18n.language === 'en' ? 'en' : 'zh');

/** What the tenant's provider can draw, the prices and my balance. */
export function useImageOptions() {
  const tenantId = useAppStore((s) => s.tenantId);
  const userId = useUserStore(selectUserId);
  return useQuery({
    queryKey: ['aiImage', 'options', tenantId, userId, callLang()],
    queryFn: ({ signal }) => apiGet<ImageOptions>('/cm/api/ai/image/options', { lang: callLang() }, { silent: true, signal }),
  });
}

export interface GenerateInput {
  prompt: string;
  negativePrompt?: string;
  size: string;
  count: number;
  styleId?: number;
  seed?: number;
}

/** Draws; a success refreshes my gallery and the balance. */
export function useGenerate() {
  const client = useQueryClient();
  return useMutation({
    mutationFn: (input: GenerateInput) => apiPost<GenerateResult>('/cm/api/ai/image/generate', { ...input, lang: callLang() }, { silent: true, timeout: 200_000 }),
    onSettled: () => {
      void client.invalidateQueries({ queryKey: ['aiImage'] });
    },
  });
}

/** A page of my images (off for guests) or of the tenant's showcase. */
export function useImages(which: 'mine' | 'showcase', pageNo: number, pageSize = 12) {
  const tenantId = useAppStore((s) => s.tenantId);
  const userId = useUserStore(selectUserId);
  return useQuery({
    queryKey: ['aiImage', which, tenantId, userId, pageNo, pageSize],
    queryFn: ({ signal }) => apiGet<Paged<AiImage>>(`/cm/api/ai/image/${which}`, { pageNo, pageSize }, { silent: true, signal }),
    enabled: which === 'showcase' || userId !== null,
    placeholderData: keepPreviousData,
  });
}

/** Shares one of my images into the showcase or takes it out. */
export function useShareImage() {
  const client = useQueryClient();
  return useMutation({
    mutationFn: (v: { id: number; shared: boolean }) => apiPost<AiImage>('/cm/api/ai/image/share', { ...v, lang: callLang() }, { silent: true }),
    onSuccess: () => void client.invalidateQueries({ queryKey: ['aiImage'] }),
  });
}

/** Deletes one of my images. */
export function useDeleteImage() {
  const client = useQueryClient();
  return useMutation({
    mutationFn: (id: number) => apiPost<boolean>('/cm/api/ai/image/delete', { id, lang: callLang() }, { silent: true }),
    onSuccess: () => void client.invalidateQueries({ queryKey: ['aiImage'] }),
  });
}

/** The tenant's preset styles, then mine. */
export function useStyles() {
  const tenantId = useAppStore((s) => s.tenantId);
  const userId = useUserStore(selectUserId);
  return useQuery({
    queryKey: ['aiStyle', tenantId, userId],
    queryFn: ({ signal }) => apiGet<{ list: AiStyle[] }>('/cm/api/ai/style/list', {}, { silent: true, signal }),
    select: (d) => d.list,
  });
}

export interface StyleInput {
  id?: number;
  name: string;
  prompt: string;
  referenceUrls: string[];
}

/** Saves a new style of mine or edits one. */
export function useSaveStyle() {
  const client = useQueryClient();
  return useMutation({
    mutationFn: (input: StyleInput) => apiPost<AiStyle>('/cm/api/ai/style/save', { ...input, lang: callLang() }, { silent: true }),
    onSuccess: () => void client.invalidateQueries({ queryKey: ['aiStyle'] }),
  });
}

/** Deletes a style of mine. */
export function useDeleteStyle() {
  const client = useQueryClient();
  return useMutation({
    mutationFn: (id: number) => apiPost<boolean>('/cm/api/ai/style/delete', { id, lang: callLang() }, { silent: true }),
    onSuccess: () => void client.invalidateQueries({ queryKey: ['aiStyle'] }),
  });
}
