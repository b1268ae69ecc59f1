// Shared set-up of the class tools' component tests (tests/component/classes-*.test.tsx): the demo
// tenant and learner, an axios adapter answering from a per-test route table and recording every
// request, the catalogue's alert recorded instead of shown, and a page mounted in a memory router.
import { cleanup, render } from '@testing-library/react';
import type { AxiosAdapter, InternalAxiosRequestConfig } from 'axios';
import type { ReactElement } from 'react';
import { createMemoryRouter, RouterProvider } from 'react-router';
import { afterEach, beforeEach } from 'vitest';
import type { ClassesAuth } from '../../schemas/api/train-classes-more';
import { apiClient } from '../../src/api/transport';
import { setCatalogueUi, type AlertRequest } from '../../src/api/error-catalogue';
import { createQueryClient, Providers } from '../../src/app/providers';
import { useUserStore } from '../../src/stores/user-store';
import { demoSetting, learnerSession } from '../unit/fixtures';
import { loadSettings, resetApp } from './render-shell';
import { closeAntdStatics } from './antd-leftovers';

/** A recorded request. */
export interface Req { method: string; url: string; params: Record<string, unknown>; body: Record<string, unknown> }
/** What a route answers: the envelope's data, or a failure. */
export type Answer = { ok: unknown } | { fail: string; errorCode?: string; code?: number };
/** The per-test route table: `get /url` or `post /url` → answer (a function sees the request). */
export type Routes = Record<string, Answer | ((req: Req) => Answer)>;

export const ok = (data: unknown): Answer => ({ ok: data });
export const fail = (msg: string, errorCode = 'REFUSED', code = 400): Answer => ({ fail: msg, errorCode, code });
export const paged = <T,>(list: T[], total = list.length, pageNo = 1, pageSize = 10) => ok({ list, total, pageNo, pageSize });

/** Rights of a learner member, a teacher, and an outsider. */
export const MEMBER: ClassesAuth = { classesId: 5, isMember: true, isTeacher: false, canAssess: false, canViewStatistics: false, canModerate: false, favorite: false };
export const TEACHER: ClassesAuth = { classesId: 5, isMember: false, isTeacher: true, canAssess: true, canViewStatistics: true, canModerate: true, favorite: false };
export const OUTSIDER: ClassesAuth = { ...MEMBER, isMember: false };

export const state = { requests: [] as Req[], alerts: [] as AlertRequest[], routes: {} as Routes };

/** The requests made to `url` (optionally of one method). */
export const calls = (url: string, method?: string) => state.requests.filter((r) => r.url === url && (!method || r.method === method));

const previousAdapter = apiClient.defaults.adapter;
const adapter: AxiosAdapter = async (config: InternalAxiosRequestConfig) => {
  const method = (config.method ?? 'get').toLowerCase();
  const url = config.url ?? '';
  const body = (typeof config.data === 'string' ? JSON.parse(config.data) : config.data ?? {}) as Record<string, unknown>;
  const req: Req = { method, url, params: (config.params ?? {}) as Record<string, unknown>, body };
  state.requests.push(req);
  const route = state.routes[`${method} ${url}`];
  const answer = typeof route === 'function' ? route(req) : route;
  const envelope = !answer
    ? { success: false, code: 404, flag: -1, message: `No route ${method} ${url}`, data: null }
    : 'ok' in answer
      ? { success: true, code: 200, flag: 0, message: 'success', data: answer.ok }
      : { success: false, code: answer.code ?? 400, flag: -1, message: answer.fail, data: null, errorCode: answer.errorCode };
  return { data: envelope, status: 200, statusText: 'OK', headers: {}, config, request: {} };
};

/** Installs the demo tenant, the signed-in learner and the adapter around every test of the file. */
export function useClassesApiMock(): void {
  beforeEach(() => {
    state.requests = [];
    state.alerts = [];
    state.routes = {};
    sessionStorage.clear();
    resetApp();
    loadSettings(demoSetting());
    useUserStore.getState().signIn(1001, learnerSession);
    apiClient.defaults.adapter = adapter;
  });
  afterEach(async () => {
    cleanup();
    await closeAntdStatics();
    setCatalogueUi(null);
    apiClient.defaults.adapter = previousAdapter;
    useUserStore.getState().signOut(false);
    resetApp();
  });
}

/** Mounts `element` at `path` (matching `pattern`); other paths render a marker. */
export function mount(pattern: string, element: ReactElement, path: string) {
  const router = createMemoryRouter([
    { path: pattern, element },
    { path: '*', element: <div data-testid="elsewhere" /> },
  ], { initialEntries: [path] });
  render(<Providers queryClient={createQueryClient()}><RouterProvider router={router} /></Providers>);
  setCatalogueUi({
    alert: (request) => { state.alerts.push(request); request.afterClose(); },
    navigate: () => undefined,
    goBack: () => undefined,
    currentPath: () => router.state.location.pathname,
  });
  return router;
}
