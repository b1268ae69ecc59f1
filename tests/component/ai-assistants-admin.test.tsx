// Issue 21 part D: /sub_admin/aiAssistants (docs/ai.md D). The tables of assistants and
// applications; an application's form edited as a field list and saved as the server takes it
// (options only on a choice, numbers as numbers); the server's refusal shown in the editor; a
// delete asks first; a learner is told plainly.
import { cleanup, render, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import type { AxiosAdapter, InternalAxiosRequestConfig } from 'axios';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { createMemoryRouter, RouterProvider } from 'react-router';
import { apiClient } from '../../src/api/transport';
import type { AdminOverview } from '../../schemas/api/ai-assistants';
import '../../src/components/antd-theme';
import '../../src/components/feedback/feedback-holder';
import { Providers, createQueryClient } from '../../src/app/providers';
import AdminAssistantsPage from '../../src/features/admin/ai/assistants-page';
import { demoPages, demoSetting } from '../unit/fixtures';
import { loadSettings, resetApp } from './render-shell';

type Row = Record<string, unknown>;
const ok = (data: unknown) => ({ success: true, code: 200, flag: 0, message: 'ok', data });
const refuse = (message: string, code: number, errorCode: string) => ({ success: false, code, flag: -1, message, data: null, errorCode });

const OVERVIEW: AdminOverview = {
  assistants: [{
    id: 3, name: '学习助手', avatar: 'builtin:robot', description: '', kinds: ['course', 'help'], greeting: '', systemPrompt: '', examples: [], sort: 10,
    enabled: true, applicationCount: 1, updatedAt: '2026-11-27T10:00:00.000Z',
  }],
  applications: [{
    id: 8, name: '学习总结', description: '', icon: 'summary', task: 'prompt', output: 'text', assistantId: 3, assistantName: '学习助手', promptTemplate: '总结《{{content}}》',
    fields: [{ name: 'content', label: '资料', type: 'content', required: true }], sort: 10, enabled: true, runCount: 4, updatedAt: '2026-11-27T10:00:00.000Z',
  }],
};

function fakeServer() {
  const state = { overview: ok(OVERVIEW) as unknown, save: null as unknown, requests: [] as { url: string; body: Row }[] };
  const adapter: AxiosAdapter = async (config: InternalAxiosRequestConfig) => {
    const body = (typeof config.data === 'string' ? JSON.parse(config.data) : config.data ?? {}) as Row;
    const url = (config.url ?? '').split('?')[0]!;
    state.requests.push({ url, body });
    let data: unknown = ok(null);
    if (url === '/cm/api/ai/admin/assistants') data = state.overview;
    else if (url === '/cm/api/ai/admin/application/save') data = state.save ?? ok({ id: 8 });
    return { data, status: 200, statusText: 'OK', headers: {}, config, request: {} };
  };
  return { state, adapter };
}

let server: ReturnType<typeof fakeServer>;
const previousAdapter = apiClient.defaults.adapter;
const renderPage = () => {
  const router = createMemoryRouter([{ path: '/sub_admin/aiAssistants', element: <AdminAssistantsPage /> }, { path: '*', element: null }], { initialEntries: ['/sub_admin/aiAssistants'] });
  return render(<Providers queryClient={createQueryClient()}><RouterProvider router={router} /></Providers>);
};

beforeEach(() => {
  resetApp();
  loadSettings(demoSetting(), demoPages);
  server = fakeServer();
  apiClient.defaults.adapter = server.adapter;
});
afterEach(() => {
  cleanup();
  apiClient.defaults.adapter = previousAdapter;
  resetApp();
});

describe('/sub_admin/aiAssistants', { timeout: 30_000 }, () => {
  it('edits an application\'s fields and saves them as the server takes them; shows the server\'s refusal', async () => {
    renderPage();
    const user = userEvent.setup();
    await user.click(await screen.findByRole('button', { name: '编辑 学习总结' }, { timeout: 5000 }));
    const editor = await screen.findByTestId('application-editor');
    await user.click(within(editor).getByRole('button', { name: /添加字段/ }));
    const labels = within(editor).getAllByLabelText('显示名称');
    await user.type(labels[1]!, '天数');
    server.state.save = refuse('提示词模板中的 {{tone}} 不是表单里的字段。', 400, 'AI_APP_FORM_INVALID');
    await user.click(screen.getByRole('button', { name: /保\s*存/ }));
    expect(await within(editor).findByText('提示词模板中的 {{tone}} 不是表单里的字段。')).toBeInTheDocument();
    const sent = server.state.requests.filter((r) => r.url === '/cm/api/ai/admin/application/save');
    expect(sent[0]!.body).toMatchObject({
      id: 8, assistantId: 3, task: 'prompt', output: 'text', promptTemplate: '总结《{{content}}》',
      fields: [{ name: 'content', label: '资料', type: 'content', required: true }, { name: 'field2', label: '天数', type: 'text', required: false }],
    });
    expect((sent[0]!.body.fields as Row[])[1]).not.toHaveProperty('options');
  });

  it('asks before deleting, then sends the delete', async () => {
    renderPage();
    const user = userEvent.setup();
    await user.click(await screen.findByRole('button', { name: '删除 学习总结' }, { timeout: 5000 }));
    expect((await screen.findAllByText('删除应用「学习总结」？学员的 4 条运行记录也会一并删除。')).length).toBeGreaterThan(0);
    await user.click(screen.getByRole('button', { name: /^删\s*除$/ }));
    await waitFor(() => expect(server.state.requests.some((r) => r.url === '/cm/api/ai/admin/application/delete' && r.body.id === 8)).toBe(true));
  });

  it('tells a learner plainly', async () => {
    server.state.overview = refuse('您没有管理后台的权限，请联系租户管理员开通。', 403, 'NO_ADMIN_AUTH');
    renderPage();
    expect(await screen.findByTestId('bank-forbidden', {}, { timeout: 5000 })).toBeInTheDocument();
  });
});
