// Issue 21 part A: /sub_admin/ai (docs/ai.md A). What the AI area uses now, the form with the key
// never shown ("已设置 ••••1234" and a replace field), save keeping the key when the field is empty,
// checks before saving, the server's refusal with the form kept, the connection test's report,
// a learner's 403, and the page in English.
import { act, cleanup, render, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import type { AxiosAdapter, InternalAxiosRequestConfig } from 'axios';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { apiClient } from '../../src/api/transport';
import type { ProviderSettings, ProviderTestResult } from '../../src/features/admin/ai/provider-api';
import type { AiIndexPreview, AiIndexStatus } from '../../src/features/admin/ai/index-api';
import { i18n } from '../../src/i18n/i18n';
import { useUserStore } from '../../src/stores/user-store';
import { demoPages, demoSetting, learnerSession } from '../unit/fixtures';
import { createMemoryRouter, RouterProvider } from 'react-router';
import '../../src/components/antd-theme';
import '../../src/components/feedback/feedback-holder';
import { Providers, createQueryClient } from '../../src/app/providers';
import AdminAiProviderPage from '../../src/features/admin/ai/provider-page';
import { loadSettings, resetApp } from './render-shell';

/** The page alone in a memory router (the route table's other AI pages land separately). */
function renderPage() {
  const router = createMemoryRouter([{ path: '/sub_admin/ai', element: <AdminAiProviderPage /> }, { path: '*', element: null }], { initialEntries: ['/sub_admin/ai'] });
  return render(<Providers queryClient={createQueryClient()}><RouterProvider router={router} /></Providers>);
}

type Row = Record<string, unknown>;
const ok = (data: unknown) => ({ success: true, code: 200, flag: 0, message: 'ok', data });
const refuse = (message: string, code = 400, errorCode = 'AI_PROVIDER_INVALID') => ({ success: false, code, flag: -1, message, data: null, errorCode });

const SETTINGS: ProviderSettings = {
  enabled: false, kind: 'openai', baseUrl: 'https://api.example.com/v1', keySet: true, keyHint: '1234', chatModel: 'gpt-4o-mini',
  imageModel: '', embeddingModel: '', ttsModel: '', timeoutMs: 30_000, maxTokens: 1024, updatedAt: '2026-11-20T08:00:00.000Z',
  active: { source: 'offline', problem: null }, deploymentDefault: false,
};
const TEST_RESULT: ProviderTestResult = {
  ok: false, elapsedMs: 420,
  checks: [
    { step: 'address', ok: true, message: '服务地址 api.example.com 可以使用。' },
    { step: 'models', ok: true, message: '模型列表可以读取（共 3 个）。' },
    { step: 'chat', ok: false, message: 'API 密钥无效或没有权限（HTTP 401）。' },
  ],
};

const INDEX: AiIndexStatus = {
  builtAt: '2026-11-26T08:00:00.000Z', passages: 120, buildMs: 85, fresh: false,
  kinds: [
    { kind: 'course', items: 6, passages: 40 }, { kind: 'subject', items: 0, passages: 0 }, { kind: 'content', items: 9, passages: 50 },
    { kind: 'help', items: 5, passages: 20 }, { kind: 'product', items: 3, passages: 10 }, { kind: 'exam', items: 0, passages: 0 },
  ],
};
const PREVIEW: AiIndexPreview = {
  passages: [{ kind: 'help', refId: 7, title: '如何开具发票', text: '在订单详情页点击申请发票。', link: '/helpCenter?purpose=99&id=7', score: 1.25 }],
  answer: '在订单详情页点击申请发票。', links: [{ title: '如何开具发票', path: '/helpCenter?purpose=99&id=7' }],
};

function fakeServer() {
  const state = {
    index: INDEX as AiIndexStatus,
    settings: SETTINGS as ProviderSettings,
    get: null as null | ReturnType<typeof refuse>,
    save: null as null | ReturnType<typeof refuse>,
    requests: [] as { url: string; params: Row; body: Row }[],
  };
  const answerOf = (url: string, body: Row): unknown => {
    switch (url) {
      case '/cm/api/ai/provider/get': return state.get ?? ok(state.settings);
      case '/cm/api/ai/provider/save':
        if (state.save) return state.save;
        state.settings = { ...state.settings, enabled: Boolean(body.enabled), maxTokens: Number(body.maxTokens) };
        return ok(state.settings);
      case '/cm/api/ai/provider/test': return ok(TEST_RESULT);
      case '/cm/api/ai/index/status': return ok(state.index);
      case '/cm/api/ai/index/rebuild':
        state.index = { ...INDEX, builtAt: '2026-11-27T09:00:00.000Z', fresh: true, passages: 131 };
        return ok(state.index);
      case '/cm/api/ai/index/preview': return ok(String(body.question).includes('发票') ? PREVIEW : { passages: [], answer: '没有找到相关内容。', links: [] });
      case '/um/api/message/getUserUnReadCount': return ok(0);
      default: return ok(null);
    }
  };
  const adapter: AxiosAdapter = async (config: InternalAxiosRequestConfig) => {
    const params = (config.params ?? {}) as Row;
    const body = (typeof config.data === 'string' ? JSON.parse(config.data) : config.data ?? {}) as Row;
    const url = (config.url ?? '').split('?')[0]!;
    state.requests.push({ url, params, body });
    return { data: answerOf(url, body), status: 200, statusText: 'OK', headers: {}, config, request: {} };
  };
  return { state, adapter };
}

let server: ReturnType<typeof fakeServer>;
const previousAdapter = apiClient.defaults.adapter;
const sent = (url: string) => server.state.requests.filter((r) => r.url === url);

beforeEach(() => {
  resetApp();
  loadSettings(demoSetting(), demoPages);
  server = fakeServer();
  apiClient.defaults.adapter = server.adapter;
  useUserStore.getState().signIn(1001, learnerSession);
});
afterEach(async () => {
  cleanup();
  apiClient.defaults.adapter = previousAdapter;
  useUserStore.getState().signOut(false);
  resetApp();
  await act(async () => { await i18n.changeLanguage('zh'); });
});

describe('AI service settings', { timeout: 20_000 }, () => {
  it('says what the AI area uses now, explains offline mode, and never shows the key', async () => {
    renderPage();
    expect(await screen.findByTestId('ai-provider-state', {}, { timeout: 5000 })).toHaveTextContent('当前：AI 区域使用离线模式。');
    expect(screen.getByRole('heading', { name: '离线模式是什么' })).toBeInTheDocument();
    expect(screen.getByTestId('ai-provider-key-state')).toHaveTextContent('已设置 ••••1234');
    const key = screen.getByLabelText('API 密钥');
    expect(key).toHaveValue('');
    expect(key).toHaveAttribute('placeholder', '留空则保留已保存的密钥');
    expect(screen.getByLabelText('服务地址')).toHaveValue('https://api.example.com/v1');
    expect(screen.getByLabelText('超时（秒）')).toHaveValue('30');
  });

  it('saves with an empty key field (the saved key stays) and the timeout in milliseconds', async () => {
    const user = userEvent.setup();
    renderPage();
    await screen.findByTestId('ai-provider-form', {}, { timeout: 5000 });
    await user.click(screen.getByRole('switch', { name: '启用' }));
    const cap = screen.getByLabelText('单次回答上限（tokens）');
    await user.clear(cap);
    await user.type(cap, '600');
    await user.click(screen.getByTestId('ai-provider-save'));
    await waitFor(() => expect(sent('/cm/api/ai/provider/save')).toHaveLength(1));
    expect(sent('/cm/api/ai/provider/save')[0]!.body).toMatchObject({
      enabled: true, baseUrl: 'https://api.example.com/v1', apiKey: '', clearKey: false, chatModel: 'gpt-4o-mini', timeoutMs: 30_000, maxTokens: 600, lang: 'zh',
    });
  });

  it('asks for the address and chat model before enabling, without calling the server', async () => {
    server.state.settings = { ...SETTINGS, baseUrl: '', chatModel: '', keySet: false, keyHint: '' };
    const user = userEvent.setup();
    renderPage();
    await screen.findByTestId('ai-provider-form', {}, { timeout: 5000 });
    expect(screen.getByTestId('ai-provider-key-state')).toHaveTextContent('未设置');
    await user.click(screen.getByRole('switch', { name: '启用' }));
    await user.click(screen.getByTestId('ai-provider-save'));
    expect(await screen.findByText('启用前请填写服务地址')).toBeInTheDocument();
    expect(screen.getByText('启用前请填写对话模型')).toBeInTheDocument();
    expect(sent('/cm/api/ai/provider/save')).toHaveLength(0);
  });

  it('shows the server\'s refusal and keeps what was typed', async () => {
    server.state.save = refuse('地址 10.0.0.5 指向内部网络，出于安全原因不允许访问（运维可设置 AI_ALLOW_PRIVATE_HOSTS=1 放行）。');
    const user = userEvent.setup();
    renderPage();
    await screen.findByTestId('ai-provider-form', {}, { timeout: 5000 });
    const url = screen.getByLabelText('服务地址');
    await user.clear(url);
    await user.type(url, 'http://10.0.0.5/v1');
    await user.type(screen.getByLabelText('API 密钥'), 'sk-new-key-abcdef');
    await user.click(screen.getByTestId('ai-provider-save'));
    expect(await screen.findByTestId('ai-provider-error')).toHaveTextContent('内部网络');
    expect(screen.getByLabelText('服务地址')).toHaveValue('http://10.0.0.5/v1');
    expect(screen.getByLabelText('API 密钥')).toHaveValue('sk-new-key-abcdef');
  });

  it('tests the form as typed and reports each step in words', async () => {
    const user = userEvent.setup();
    renderPage();
    await screen.findByTestId('ai-provider-form', {}, { timeout: 5000 });
    await user.click(screen.getByTestId('ai-provider-test'));
    const report = await screen.findByTestId('ai-provider-test-report');
    expect(report).toHaveTextContent('有未通过的项目（用时 420 毫秒）');
    const steps = within(report).getAllByRole('listitem');
    expect(steps.map((s) => s.getAttribute('data-ok'))).toEqual(['true', 'true', 'false']);
    expect(steps[2]).toHaveTextContent('对话（未通过）：API 密钥无效或没有权限（HTTP 401）。');
    expect(sent('/cm/api/ai/provider/test')[0]!.body).toMatchObject({ baseUrl: 'https://api.example.com/v1', apiKey: '' });
    expect(sent('/cm/api/ai/provider/save')).toHaveLength(0);
  });

  it('shows the knowledge index per kind, rebuilds it, and tries a question with the passages and the answer', async () => {
    const user = userEvent.setup();
    renderPage();
    const status = await screen.findByTestId('ai-index-status', {}, { timeout: 5000 });
    expect(status).toHaveTextContent('120 个段落');
    expect(screen.getByTestId('ai-index-fresh')).toHaveTextContent('目录已变化');
    const rows = within(status).getAllByRole('row').slice(1).map((row) => row.textContent);
    expect(rows).toEqual(['课程640', '专题00', '资料950', '帮助520', '商品310', '考试00']);
    await user.click(screen.getByTestId('ai-index-rebuild'));
    await waitFor(() => expect(screen.getByTestId('ai-index-fresh')).toHaveTextContent('与目录一致'));
    expect(screen.getByTestId('ai-index-status')).toHaveTextContent('131 个段落');
    expect(sent('/cm/api/ai/index/rebuild')[0]!.body).toEqual({ tenantId: 1001 });

    // An empty question is refused here; a real one shows what the offline assistant finds.
    await user.click(screen.getByTestId('ai-index-ask'));
    expect(await screen.findByText('请输入问题')).toBeInTheDocument();
    expect(sent('/cm/api/ai/index/preview')).toHaveLength(0);
    await user.type(screen.getByLabelText('问题'), '怎么开发票');
    await user.click(screen.getByTestId('ai-index-ask'));
    expect(await screen.findByTestId('ai-index-answer')).toHaveTextContent('在订单详情页点击申请发票。');
    const passage = screen.getByTestId('ai-index-passage');
    expect(within(passage).getByRole('link', { name: '如何开具发票' })).toHaveAttribute('href', '/helpCenter?purpose=99&id=7');
    expect(passage).toHaveTextContent('相关度 1.25');
    expect(sent('/cm/api/ai/index/preview')[0]!.body).toEqual({ tenantId: 1001, question: '怎么开发票', lang: 'zh' });
    await user.clear(screen.getByLabelText('问题'));
    await user.type(screen.getByLabelText('问题'), '天气');
    await user.click(screen.getByTestId('ai-index-ask'));
    expect(await screen.findByTestId('ai-index-none')).toHaveTextContent('没有找到相关内容');
  });

  it('tells a learner who opened the address that only admins may', async () => {
    server.state.get = refuse('您没有管理后台的权限，请联系租户管理员开通。', 403, 'NO_ADMIN_AUTH');
    renderPage();
    expect(await screen.findByTestId('bank-forbidden', {}, { timeout: 5000 })).toHaveTextContent('AI 服务设置只有本站管理员可以修改。');
  });

  it('speaks English when the language is en', async () => {
    await act(async () => { await i18n.changeLanguage('en'); });
    renderPage();
    expect(await screen.findByTestId('ai-provider-state', {}, { timeout: 5000 })).toHaveTextContent('Now: the AI area runs in offline mode.');
    expect(screen.getByTestId('ai-provider-key-state')).toHaveTextContent('Set ••••1234');
    expect(screen.getByTestId('admin-ai-provider').textContent).not.toMatch(/[\u4e00-\u9fff]/);
    expect(sent('/cm/api/ai/provider/get')[0]!.params).toMatchObject({ lang: 'en' });
  });
});
