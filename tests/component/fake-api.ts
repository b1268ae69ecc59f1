// The component tests' fake API: an axios adapter that answers from a function and records each
// call, and the signed-in demo shell most page tests start from.
import { cleanup } from '@testing-library/react';
import type { AxiosAdapter } from 'axios';
import { afterEach, beforeEach } from 'vitest';
import { apiClient } from '../../src/api/transport';
import { useUserStore } from '../../src/stores/user-store';
import { demoPages, demoSetting, learnerSession } from '../unit/fixtures';
import { loadSettings, resetApp } from './render-shell';

export type Row = Record<string, unknown>;

/** One call the page made. */
export interface FakeCall {
  method: string;
  url: string;
  params: Row;
  body: Row;
}

/** The success envelope around `data`. */
export const ok = (data: unknown) => ({ success: true, code: 200, flag: 0, message: 'ok', data });

/** The envelope of a call the fake server does not know. */
export const noRoute = (url: string) => ({ success: false, code: 404, flag: -1, message: `No route ${url}`, data: null });

/** An adapter that records each call in `calls` and answers with what `answer` returns for it. */
export function fakeAdapter(answer: (call: FakeCall) => unknown, calls: FakeCall[]): AxiosAdapter {
  return async (config) => {
    const call: FakeCall = {
      method: (config.method ?? 'get').toUpperCase(),
      url: config.url ?? '',
      params: (config.params ?? {}) as Row,
      body: (typeof config.data === 'string' ? JSON.parse(config.data) : config.data ?? {}) as Row,
    };
    calls.push(call);
    return { data: await answer(call), status: 200, statusText: 'OK', headers: {}, config, request: {} };
  };
}

/** Before each test: the demo shell, the learner signed in, and `makeAdapter()` answering; undone after. */
export function signedInDemoShell(makeAdapter: () => AxiosAdapter): void {
  const previous = apiClient.defaults.adapter;
  beforeEach(() => {
    resetApp();
    loadSettings(demoSetting(), demoPages);
    useUserStore.getState().signIn(1001, learnerSession);
    apiClient.defaults.adapter = makeAdapter();
  });
  afterEach(() => {
    cleanup();
    apiClient.defaults.adapter = previous;
    useUserStore.getState().signOut(false);
    resetApp();
  });
}
