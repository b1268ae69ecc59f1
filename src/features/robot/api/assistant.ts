// Issue 21 part D's calls (docs/api.md "Issue 21 D"): the tenant's assistants and applications,
// the pickers of an application's form, a run and my runs. Silent: the pages show errors in place
// and keep what the learner typed.
import { keepPreviousData, useQuery, useQueryClient } from '@tanstack/react-query';
import { useCallback, useEffect, useRef, useState } from 'react';
import type {
  ApplicationCard, ApplicationDetail, AssistantCard, AssistantDetail, RunCard, RunDetail, RunResult,
} from '../../../../schemas/api/ai-assistants';
import { ApiError, apiGet, type Paged } from '../../../api/client';
import { useAppStore } from '../../../stores/app-store';
import { selectUserId, useUserStore } from '../../../stores/user-store';
import { refreshCredits } from './credits';
import { callLang } from './pic';
import { postStream, type StreamEvent } from './stream';

export type {
  AppField, ApplicationCard, ApplicationDetail, AssistantCard, AssistantDetail, QuizQuestion, RunCard, RunDetail, RunResult,
} from '../../../../schemas/api/ai-assistants';

/** A refusal meaning the record is gone (disabled, deleted, another tenant's or learner's). */
export const isNotFound = (error: unknown): boolean => error instanceof ApiError && error.code === 404;

/** The value of one input as the form holds it. */
export type InputValue = string | number | null;

/** The tenant's enabled assistants. */
export function useAssistants() {
  const tenantId = useAppStore((s) => s.tenantId);
  return useQuery({
    queryKey: ['aiAssistant', 'list', tenantId],
    queryFn: ({ signal }) => apiGet<{ list: AssistantCard[] }>('/cm/api/ai/assistant/list', { lang: callLang() }, { silent: true, signal }),
    select: (d) => d.list,
  });
}

/** One assistant with its greeting, examples and applications; off without an id. */
export function useAssistant(id: number | null) {
  const tenantId = useAppStore((s) => s.tenantId);
  return useQuery({
    queryKey: ['aiAssistant', 'detail', tenantId, id],
    queryFn: ({ signal }) => apiGet<AssistantDetail>('/cm/api/ai/assistant/detail', { id, lang: callLang() }, { silent: true, signal }),
    enabled: id !== null,
    retry: false,
  });
}

/** The tenant's enabled applications. */
export function useApplications() {
  const tenantId = useAppStore((s) => s.tenantId);
  return useQuery({
    queryKey: ['aiApplication', 'list', tenantId],
    queryFn: ({ signal }) => apiGet<{ list: ApplicationCard[] }>('/cm/api/ai/application/list', { lang: callLang() }, { silent: true, signal }),
    select: (d) => d.list,
  });
}

/** One application with its form and cost; off without an id. */
export function useApplication(id: number | null) {
  const tenantId = useAppStore((s) => s.tenantId);
  return useQuery({
    queryKey: ['aiApplication', 'detail', tenantId, id],
    queryFn: ({ signal }) => apiGet<ApplicationDetail>('/cm/api/ai/application/detail', { id, lang: callLang() }, { silent: true, signal }),
    enabled: id !== null,
    retry: false,
  });
}

/** A picker's choices: the tenant's published courses or contents whose title has the words. */
export function usePickerItems(kind: 'course' | 'content', keyword: string) {
  const tenantId = useAppStore((s) => s.tenantId);
  return useQuery({
    queryKey: ['aiApplication', 'options', tenantId, kind, keyword],
    queryFn: ({ signal }) => apiGet<{ list: { id: number; title: string }[] }>('/cm/api/ai/application/options', { kind, ...(keyword ? { keyword } : {}) }, { silent: true, signal }),
    select: (d) => d.list,
    placeholderData: keepPreviousData,
  });
}

/** A streamed run: the text as it comes, the charge, the saved run, a refusal; stop aborts it. */
export interface ApplicationStream {
  pending: boolean;
  /** The text so far. */
  text: string;
  charged: { cost: number; balance: number } | null;
  result: RunResult | null;
  error: Error | null;
  start(input: { id: number; inputs: Record<string, InputValue> }, onDone?: (result: RunResult) => void): void;
  stop(): void;
}

type StreamState = Omit<ApplicationStream, 'start' | 'stop'>;
const IDLE: StreamState = { pending: false, text: '', charged: null, result: null, error: null };

/**
 * Runs an application through POST /cm/api/ai/application/stream (part C's reader): refusals before
 * the charge reject as ApiError (credits, inputs); the end refreshes my runs and the balance.
 */
export function useApplicationStream(): ApplicationStream {
  const client = useQueryClient();
  const [state, setState] = useState<StreamState>(IDLE);
  const controller = useRef<AbortController | null>(null);
  useEffect(() => () => controller.current?.abort(), []);
  const start = useCallback((input: { id: number; inputs: Record<string, InputValue> }, onDone?: (result: RunResult) => void) => {
    controller.current?.abort();
    const abort = new AbortController();
    controller.current = abort;
    setState({ ...IDLE, pending: true });
    const onEvent = ({ event, data }: StreamEvent) => {
      const d = data as { text?: string; cost?: number; balance?: number; message?: string } & Partial<RunResult>;
      if (event === 'start') setState((s) => ({ ...s, charged: { cost: d.cost ?? 0, balance: d.balance ?? 0 } }));
      else if (event === 'delta') setState((s) => ({ ...s, text: s.text + (d.text ?? '') }));
      else if (event === 'done') {
        setState((s) => ({ ...s, result: d as RunResult }));
        onDone?.(d as RunResult);
      } else if (event === 'error') setState((s) => ({ ...s, error: new Error(d.message ?? '') }));
    };
    postStream('/cm/api/ai/application/stream', { ...input, lang: callLang() }, { signal: abort.signal, onEvent })
      .catch((error: unknown) => {
        if (abort.signal.aborted) return;
        setState((s) => ({ ...s, error: error instanceof Error ? error : new Error(String(error)) }));
      })
      .finally(() => {
        if (controller.current === abort) controller.current = null;
        setState((s) => ({ ...s, pending: false }));
        void client.invalidateQueries({ queryKey: ['aiApplication', 'runs'] });
        void refreshCredits(client);
      });
  }, [client]);
  const stop = useCallback(() => controller.current?.abort(), []);
  return { ...state, start, stop };
}

/** A page of my runs (of one application when given), newest first; off for guests. */
export function useApplicationRuns(applicationId: number | null, pageNo: number, pageSize = 10) {
  const tenantId = useAppStore((s) => s.tenantId);
  const userId = useUserStore(selectUserId);
  return useQuery({
    queryKey: ['aiApplication', 'runs', tenantId, userId, applicationId, pageNo, pageSize],
    queryFn: ({ signal }) => apiGet<Paged<RunCard>>('/cm/api/ai/application/runs', { pageNo, pageSize, ...(applicationId ? { applicationId } : {}) }, { silent: true, signal }),
    enabled: userId !== null,
    placeholderData: keepPreviousData,
  });
}

/** One of my runs with its inputs and output; off without an id or a user. */
export function useApplicationRun(id: number | null) {
  const tenantId = useAppStore((s) => s.tenantId);
  const userId = useUserStore(selectUserId);
  return useQuery({
    queryKey: ['aiApplication', 'run', tenantId, userId, id],
    queryFn: ({ signal }) => apiGet<RunDetail>('/cm/api/ai/application/run', { id }, { silent: true, signal }),
    enabled: id !== null && userId !== null,
    retry: false,
  });
}
