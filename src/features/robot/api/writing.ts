// Issue 21 part E's writing help calls (docs/api.md "Issue 21 E"): what I studied (the picker), a
// run (outline, rewrite, summary), streamed with part C's reader, and my runs. The page shows errors
// in place and keeps the text the learner typed.
import { keepPreviousData, useQuery, useQueryClient } from '@tanstack/react-query';
import { useCallback, useEffect, useRef, useState } from 'react';
import type { StudiedItem, WritingRun, WritingRunResult } from '../../../../schemas/api/ai-images';
import { apiGet, type Paged } from '../../../api/client';
import { useAppStore } from '../../../stores/app-store';
import { selectUserId, useUserStore } from '../../../stores/user-store';
import { callLang } from './pic';
import { postStream, type StreamEvent } from './stream';

export type { StudiedItem, WritingRun, WritingRunResult } from '../../../../schemas/api/ai-images';
export { WRITING_MAX, WRITING_MIN } from '../../../../schemas/api/ai-images';

/** The contents and courses I studied; off for guests. */
export function useStudied() {
  const tenantId = useAppStore((s) => s.tenantId);
  const userId = useUserStore(selectUserId);
  return useQuery({
    queryKey: ['aiWriting', 'studied', tenantId, userId],
    queryFn: ({ signal }) => apiGet<{ list: StudiedItem[] }>('/cm/api/ai/writing/studied', {}, { silent: true, signal }),
    select: (d) => d.list,
    enabled: userId !== null,
  });
}

/** A page of my runs, newest first; off for guests. */
export function useWritingRuns(pageNo: number, pageSize = 10) {
  const tenantId = useAppStore((s) => s.tenantId);
  const userId = useUserStore(selectUserId);
  return useQuery({
    queryKey: ['aiWriting', 'runs', tenantId, userId, pageNo, pageSize],
    queryFn: ({ signal }) => apiGet<Paged<WritingRun>>('/cm/api/ai/writing/runs', { pageNo, pageSize }, { silent: true, signal }),
    enabled: userId !== null,
    placeholderData: keepPreviousData,
  });
}

export interface WritingInput {
  tool: WritingRun['tool'];
  tone?: 'formal' | 'plain' | 'concise';
  sourceKind: WritingRun['sourceKind'];
  sourceId?: number;
  text?: string;
}

/** A streamed run: the text as it comes, the charge, the kept run, a refusal; stop aborts it. */
export interface WritingStream {
  pending: boolean;
  /** The text so far (the whole result once done). */
  text: string;
  charged: { cost: number; balance: number } | null;
  result: WritingRunResult | null;
  error: Error | null;
  start(input: WritingInput): void;
  stop(): void;
}

/** Runs a tool through POST /cm/api/ai/writing/stream; the end refreshes my runs and the balance. */
export function useWritingStream(): WritingStream {
  const client = useQueryClient();
  const [state, setState] = useState<Omit<WritingStream, 'start' | 'stop'>>({ pending: false, text: '', charged: null, result: null, error: null });
  const controller = useRef<AbortController | null>(null);
  useEffect(() => () => controller.current?.abort(), []);

  const start = useCallback((input: WritingInput) => {
    controller.current?.abort();
    const abort = new AbortController();
    controller.current = abort;
    setState({ pending: true, text: '', charged: null, result: null, error: null });
    const onEvent = ({ event, data }: StreamEvent) => {
      const d = data as { text?: string; reset?: boolean; cost?: number; balance?: number; message?: string } & Partial<WritingRunResult>;
      if (event === 'start') setState((s) => ({ ...s, charged: { cost: d.cost ?? 0, balance: d.balance ?? 0 } }));
      else if (event === 'delta') setState((s) => ({ ...s, text: d.reset ? d.text ?? '' : s.text + (d.text ?? '') }));
      else if (event === 'done') setState((s) => ({ ...s, text: d.run!.output, result: d as WritingRunResult, charged: { cost: d.cost!, balance: d.balance! } }));
      else if (event === 'error') setState((s) => ({ ...s, error: new Error(d.message ?? '') }));
    };
    postStream('/cm/api/ai/writing/stream', { ...input, lang: callLang() }, { signal: abort.signal, onEvent })
      .catch((error: unknown) => {
        if (abort.signal.aborted) return;
        setState((s) => ({ ...s, error: error instanceof Error ? error : new Error(String(error)) }));
      })
      .finally(() => {
        if (controller.current === abort) controller.current = null;
        setState((s) => ({ ...s, pending: false }));
        void client.invalidateQueries({ queryKey: ['aiWriting', 'runs'] });
        void client.invalidateQueries({ queryKey: ['aiImage', 'options'] });
      });
  }, [client]);

  const stop = useCallback(() => controller.current?.abort(), []);
  return { ...state, start, stop };
}
