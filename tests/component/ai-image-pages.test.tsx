// Issue 21 part E's pages (docs/ai.md section E): /robot/pic says exactly what to configure when the
// provider cannot draw, asks a guest to sign in, shows the cost and balance, draws and shows the
// pictures, and keeps the form with a way to top up when credits run out; /mjpic shows the empty
// gallery and the showcase, and deletes after a confirmation; /mjpic/training lists presets and
// the learner's styles and saves a new one; /robot/text runs a tool on pasted text, shows and
// copies the result and lists the history, and says how long the text must be.
import { cleanup, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import type { AxiosAdapter, InternalAxiosRequestConfig } from 'axios';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { apiClient } from '../../src/api/transport';
import type { AiImage, AiStyle, ImageOptions, WritingRun } from '../../schemas/api/ai-images';
import { useUserStore } from '../../src/stores/user-store';
import { demoPages, demoSetting, learnerSession } from '../unit/fixtures';
import { loadSettings, renderRoutes, resetApp } from './render-shell';

type Row = Record<string, unknown>;
const ok = (data: unknown) => ({ success: true, code: 200, flag: 0, message: 'ok', data });
const refusal = (message: string, errorCode: string) => ({ success: false, code: 402, flag: -1, message, data: null, errorCode });
const paged = (list: unknown[]) => ok({ list, total: list.length, pageNo: 1, pageSize: 12 });

const NOT_CONFIGURED = '图片生成需要管理员在「AI 服务设置」中配置图片模型（OpenAI 兼容的服务地址、密钥和图片模型名）。';
const image = (id: number, over: Partial<AiImage> = {}): AiImage => ({
  id, prompt: `图书馆里的猫 ${id}`, negativePrompt: null, size: '1024x1024', styleName: null, seed: null, url: `/uploads/u/1001/2026-11/${'0'.repeat(8)}-0000-0000-0000-${String(id).padStart(12, '0')}.png`,
  mime: 'image/png', bytes: 100, shared: false, mine: true, author: null, createdAt: '2026-11-27T10:00:00.000Z', ...over,
});
const style = (id: number, name: string, preset: boolean): AiStyle => ({ id, name, prompt: `${name}的画风描述`, referenceUrls: [], preset, updatedAt: '2026-11-27T10:00:00.000Z' });

function fakeServer() {
  const state = {
    options: { images: false, message: NOT_CONFIGURED, sizes: ['1024x1024', '1024x1792', '1792x1024', '512x512'], maxCount: 4, price: 4, writingPrice: 2, balance: 50 } as ImageOptions,
    generate: null as unknown,
    mine: [] as AiImage[],
    showcase: [] as AiImage[],
    styles: [style(1, '水彩', true), style(2, '扁平插画', true), style(9, '课堂笔记', false)],
    runs: [] as WritingRun[],
    requests: [] as { method: string; url: string; params: Row; body: Row }[],
  };
  const answerOf = (url: string, body: Row): unknown => {
    switch (url) {
      case '/cm/api/ai/image/options': return ok(state.options);
      case '/cm/api/ai/image/generate': return state.generate;
      case '/cm/api/ai/image/mine': return paged(state.mine);
      case '/cm/api/ai/image/showcase': return paged(state.showcase);
      case '/cm/api/ai/image/delete':
        state.mine = state.mine.filter((i) => i.id !== Number(body.id));
        return ok(true);
      case '/cm/api/ai/style/list': return ok({ list: state.styles });
      case '/cm/api/ai/style/save': {
        const saved = { ...style(20, String(body.name), false), prompt: String(body.prompt) };
        state.styles = [...state.styles, saved];
        return ok(saved);
      }
      case '/cm/api/ai/writing/studied': return ok({ list: [{ kind: 'course', id: 7, title: '用AI辅助备考与复习', lastStudyTime: '2026-11-26T10:00:00.000Z' }] });
      case '/cm/api/ai/writing/runs': return paged(state.runs);
      case '/cm/api/ai/writing/run': {
        const run: WritingRun = {
          id: 30 + state.runs.length, tool: body.tool as WritingRun['tool'], tone: (body.tone as WritingRun['tone']) ?? null, sourceKind: 'text', sourceId: null,
          sourceTitle: '复习方法', inputChars: 40, output: '1. 复习方法\n   1.1 每天复习一次。', engine: 'offline', note: null, createdAt: '2026-11-27T10:00:00.000Z',
        };
        state.runs = [run, ...state.runs];
        return ok({ run, cost: 2, balance: 48 });
      }
      case '/um/api/message/getUserUnReadCount': return ok(0);
      default: return { success: false, code: 404, flag: -1, message: `No route ${url}`, data: null };
    }
  };
  const adapter: AxiosAdapter = async (config: InternalAxiosRequestConfig) => {
    const params = (config.params ?? {}) as Row;
    const body = (typeof config.data === 'string' ? JSON.parse(config.data) : config.data ?? {}) as Row;
    const url = (config.url ?? '').split('?')[0]!;
    state.requests.push({ method: (config.method ?? 'get').toUpperCase(), url, params, body });
    return { data: answerOf(url, body), status: 200, statusText: 'OK', headers: {}, config, request: {} };
  };
  /** The writing run's answer (the stream's done event). */
  const run = async (body: Row) => (answerOf('/cm/api/ai/writing/run', body) as { data: { run: WritingRun; cost: number; balance: number } }).data;
  return { state, adapter, run };
}

let server: ReturnType<typeof fakeServer>;
const previousAdapter = apiClient.defaults.adapter;
const sent = (url: string) => server.state.requests.filter((r) => r.url === url);

const frame = (event: string, data: unknown) => `event: ${event}\ndata: ${JSON.stringify(data)}\n\n`;

beforeEach(() => {
  resetApp();
  loadSettings(demoSetting(), demoPages);
  server = fakeServer();
  apiClient.defaults.adapter = server.adapter;
  // The streamed writing run goes through fetch (part C's reader): the same fake answers it as events.
  vi.stubGlobal('fetch', vi.fn(async (url: string, init: RequestInit) => {
    const body = JSON.parse(String(init.body)) as Row;
    server.state.requests.push({ method: 'POST', url, params: {}, body });
    const answer = await server.run(body);
    const text = frame('start', { cost: 2, balance: 48 }) + answer.run.output.split('\n').map((line: string, i: number) => frame('delta', { text: (i ? '\n' : '') + line })).join('') + frame('done', answer);
    return new Response(text, { status: 200, headers: { 'content-type': 'text/event-stream' } });
  }));
});
afterEach(() => {
  cleanup();
  vi.unstubAllGlobals();
  apiClient.defaults.adapter = previousAdapter;
  useUserStore.getState().signOut(false);
  resetApp();
});

describe('/robot/pic', { timeout: 20_000 }, () => {
  it('offline: says exactly what to configure, shows the cost and balance, and does not let the learner generate', async () => {
    useUserStore.getState().signIn(1001, learnerSession);
    renderRoutes('/robot/pic');
    const notice = await screen.findByTestId('pic-not-configured', {}, { timeout: 5000 });
    expect(notice).toHaveTextContent('图片生成尚未配置');
    expect(notice).toHaveTextContent('「AI 服务设置」中配置图片模型');
    expect(screen.getByTestId('pic-credits')).toHaveTextContent('本次消耗 4 点（每张 4 点）');
    expect(screen.getByTestId('pic-credits')).toHaveTextContent('余额 50 点');
    expect(within(screen.getByTestId('pic-credits')).getByRole('link', { name: '去充值' })).toHaveAttribute('href', '/robot/goRecharge');
    expect(screen.getByRole('button', { name: '生成图片' })).toBeDisabled();
  });

  it('asks a guest to sign in and shows no balance', async () => {
    server.state.options = { ...server.state.options, images: true, message: null, balance: null };
    renderRoutes('/robot/pic');
    expect(await screen.findByText('登录后才能生成图片，生成的图片会保存在你的图库里。', {}, { timeout: 5000 })).toBeInTheDocument();
    expect(screen.getByTestId('pic-credits')).not.toHaveTextContent('余额');
    expect(screen.getByRole('button', { name: '生成图片' })).toBeDisabled();
  });

  it('draws the described pictures, shows them, and when credits run out keeps the form with a way to top up', async () => {
    useUserStore.getState().signIn(1001, learnerSession);
    server.state.options = { ...server.state.options, images: true, message: null };
    server.state.generate = ok({ images: [image(5), image(6)], cost: 8, balance: 42 });
    renderRoutes('/robot/pic');
    const user = userEvent.setup();
    const prompt = await screen.findByLabelText('画面描述', {}, { timeout: 5000 });
    await user.type(prompt, '图书馆里的猫');
    await user.click(screen.getByRole('radio', { name: '2' }).closest('label')!);
    expect(screen.getByTestId('pic-credits')).toHaveTextContent('本次消耗 8 点');
    await user.click(screen.getByRole('button', { name: '生成图片' }));
    const results = await screen.findByTestId('pic-results');
    expect(sent('/cm/api/ai/image/generate')[0]!.body).toMatchObject({ prompt: '图书馆里的猫', size: '1024x1024', count: 2, lang: 'zh' });
    expect(within(results).getAllByTestId('gallery-card')).toHaveLength(2);
    expect(results).toHaveTextContent('已生成 2 张图片，消耗 8 点');

    server.state.generate = refusal('AI 点数不足：本次需要 8 点，余额 2 点。请先充值。', 'AI_CREDITS_EXHAUSTED');
    await user.click(screen.getByRole('button', { name: '生成图片' }));
    const error = await screen.findByTestId('pic-run-error');
    expect(error).toHaveTextContent('AI 点数不足');
    expect(within(error).getByRole('link')).toHaveAttribute('href', '/robot/goRecharge');
    expect(screen.getByLabelText('画面描述')).toHaveValue('图书馆里的猫');
  });
});

describe('/mjpic', { timeout: 20_000 }, () => {
  it('an empty gallery leads to drawing; the showcase names its authors', async () => {
    useUserStore.getState().signIn(1001, learnerSession);
    server.state.showcase = [image(3, { mine: false, shared: true, author: '小李' })];
    renderRoutes('/mjpic');
    expect(await screen.findByText('你的图库还是空的', {}, { timeout: 5000 })).toBeInTheDocument();
    expect(screen.getByRole('link', { name: '去绘画' })).toHaveAttribute('href', '/robot/pic');
    await userEvent.setup().click(screen.getByRole('tab', { name: '作品展' }));
    const card = await screen.findByTestId('gallery-card');
    expect(card).toHaveTextContent('作者：小李');
    expect(within(card).queryByRole('button', { name: /删除/ })).toBeNull();
  });

  it('deletes one of my pictures after a confirmation', async () => {
    useUserStore.getState().signIn(1001, learnerSession);
    server.state.mine = [image(7), image(8)];
    renderRoutes('/mjpic');
    const cards = await screen.findAllByTestId('gallery-card', {}, { timeout: 5000 });
    expect(within(cards[0]!).getByRole('link', { name: /下载/ })).toHaveAttribute('download', '图书馆里的猫 7-7.png');
    const user = userEvent.setup();
    await user.click(within(cards[0]!).getByRole('button', { name: /删除/ }));
    const confirm = await waitFor(() => {
      const button = document.querySelector<HTMLButtonElement>('.ant-popconfirm .ant-btn-dangerous');
      expect(button).not.toBeNull();
      return button!;
    });
    await user.click(confirm);
    await waitFor(() => expect(sent('/cm/api/ai/image/delete')[0]?.body).toMatchObject({ id: 7 }));
    await waitFor(() => expect(screen.getAllByTestId('gallery-card')).toHaveLength(1));
  });
});

describe('/mjpic/training', { timeout: 20_000 }, () => {
  it('lists the presets and my styles, and saves a new style', async () => {
    useUserStore.getState().signIn(1001, learnerSession);
    renderRoutes('/mjpic/training');
    const cards = await screen.findAllByTestId('mjpic-style', {}, { timeout: 5000 });
    expect(cards.map((c) => c.querySelector('h3')!.textContent)).toEqual(['课堂笔记', '水彩预设', '扁平插画预设']);
    expect(within(cards[1]!).queryByRole('button', { name: /编辑/ })).toBeNull();
    expect(within(cards[0]!).getByRole('link', { name: '用这个画风绘画' })).toHaveAttribute('href', '/mjpic/custom?styleId=9');
    const user = userEvent.setup();
    await user.click(screen.getByRole('button', { name: /新建画风/ }));
    const dialog = await screen.findByRole('dialog');
    await user.type(within(dialog).getByLabelText('名称'), '蓝色线稿');
    await user.type(within(dialog).getByLabelText('画风描述'), '蓝色钢笔线稿');
    await user.click(within(dialog).getByRole('button', { name: /保\s*存/ }));
    await waitFor(() => expect(sent('/cm/api/ai/style/save')[0]?.body).toMatchObject({ name: '蓝色线稿', prompt: '蓝色钢笔线稿', referenceUrls: [] }));
    await waitFor(() => expect(screen.getAllByTestId('mjpic-style').map((c) => c.querySelector('h3')!.textContent)).toContain('蓝色线稿'));
  });
});

describe('/robot/text', { timeout: 20_000 }, () => {
  it('says how long the text must be, then outlines pasted text, shows and copies the result and lists it in the history', async () => {
    useUserStore.getState().signIn(1001, learnerSession);
    renderRoutes('/robot/text');
    // userEvent's own clipboard stands in for the browser's.
    const user = userEvent.setup();
    const box = await screen.findByLabelText('要整理的文字', {}, { timeout: 5000 });
    expect(await screen.findByText('还没有整理记录')).toBeInTheDocument();
    await user.type(box, '太短');
    await user.click(screen.getByRole('button', { name: '开始整理' }));
    expect(await screen.findByText('至少需要 20 个字。')).toBeInTheDocument();
    expect(sent('/cm/api/ai/writing/stream')).toHaveLength(0);

    await user.clear(box);
    await user.type(box, '复习方法\n每天复习一次，把错题整理到错题本里，考前再集中看一遍错题。');
    await user.click(screen.getByRole('button', { name: '开始整理' }));
    const result = await screen.findByTestId('writing-result');
    expect(sent('/cm/api/ai/writing/stream')[0]!.body).toMatchObject({ tool: 'outline', sourceKind: 'text', lang: 'zh', tenantId: 1001 });
    expect(within(result).getByTestId('writing-output')).toHaveTextContent('1.1 每天复习一次。');
    expect(result).toHaveTextContent('离线整理');
    expect(result).toHaveTextContent('消耗 2 点，余额 48 点');
    await user.click(within(result).getByRole('button', { name: /复制/ }));
    expect(await navigator.clipboard.readText()).toBe('1. 复习方法\n   1.1 每天复习一次。');
    await waitFor(() => expect(screen.getByRole('complementary', { name: '历史记录' })).toHaveTextContent('复习方法'));
  });

  it('asks a guest to sign in', async () => {
    renderRoutes('/robot/text');
    expect(await screen.findByText('登录后才能使用写作助手，你的整理记录会保存下来。', {}, { timeout: 5000 })).toBeInTheDocument();
    expect(screen.getByRole('button', { name: '开始整理' })).toBeDisabled();
  });
});
