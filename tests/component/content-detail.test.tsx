// The content detail (/sub_cm/content/detail?id=&purpose=, /knowledge/detail/{id}): the content's
// card and parts from content/info and content/partList; audio is handed to the floating player
// through the play-audio event (never played here); the purpose names the page; a missing content
// is "not found", a failed call an error with retry.
import { act, cleanup, fireEvent, render, screen, waitFor, within } from '@testing-library/react';
import type { AxiosAdapter, InternalAxiosRequestConfig } from 'axios';
import { createMemoryRouter, RouterProvider } from 'react-router';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import type { ContentItem } from '../../src/api/catalogue';
import { useUserStore } from '../../src/stores/user-store';
import { apiClient } from '../../src/api/transport';
import { createQueryClient, Providers } from '../../src/app/providers';
import type { ContentPart } from '../../src/features/learning/api/content-detail';
import ContentDetailPage from '../../src/features/learning/routes/content-detail-page';
import { onPlayAudio, type PlayAudioDetail } from '../../src/lib/audio-handoff';
import { demoSetting, learnerSession } from '../unit/fixtures';
import { card } from './widget-harness';
import { loadSettings, resetApp } from './render-shell';

const content = (id: number, title: string, over: Partial<ContentItem> = {}): ContentItem => ({
  ...card(id, title), summary: '一段简介', purpose: 3, kind: 'audio', author: '王老师', duration: 1500, mediaUrl: null,
  partCount: 0, viewCount: 321, favourCount: 0, labels: ['入门', '音频'], ...over,
});
const part = (id: number, contentId: number, title: string, sort: number, over: Partial<ContentPart> = {}): ContentPart => ({
  id, contentId, title, kind: 'audio', mediaUrl: `media:audio/${id}.wav`, duration: 600 + sort, sort, ...over,
});

/** The audiobook: three episodes, the second not uploaded yet; its own length is its first episode's, as seeded. */
const BOOK = content(5, '有声书：三体', { purpose: 6, partCount: 3, duration: 600, mediaUrl: 'media:audio/51.wav' });
const BOOK_PARTS = [part(51, 5, '第一集', 0), part(52, 5, '第二集', 1, { mediaUrl: null }), part(53, 5, '第三集', 2)];
/** One piece of audio, no parts. */
const TALK = content(6, '一次讲座', { purpose: 1, mediaUrl: 'media:audio/talk.wav', duration: 95 });
const KNOWLEDGE = content(7, '知识卡片', { purpose: 2, kind: 'article', mediaUrl: '/uploads/doc/7.html' });
const VIDEO = content(8, '安全视频', { kind: 'video', mediaUrl: '/uploads/video/8.mp4' });
const STORED_VIDEO = content(9, '存储视频', { kind: 'video', mediaUrl: 'media:video/9.mp4' });
const HLS_VIDEO = content(10, '分片视频', { kind: 'video', mediaUrl: 'media:video/hls-1/index.m3u8' });
const FTP_VIDEO = content(11, '外部视频', { kind: 'video', mediaUrl: 'ftp://example.com/a.mp4' });

const LEARNER = learnerSession;

type Answer = { status?: number; body: unknown };
let requests: { url: string; params: Record<string, unknown> }[];
let answer: (url: string, params: Record<string, unknown>) => Answer;

const ok = (data: unknown): Answer => ({ body: { success: true, code: 200, flag: 0, message: 'ok', data } });
const notFound = (id: unknown): Answer => ({ body: { success: false, code: 404, flag: -1, message: `No published content has the id ${String(id)} in this tenant.`, data: null, errorCode: 'CONTENT_NOT_FOUND' } });

/** The server: the contents above and their parts. */
function catalogue(url: string, params: Record<string, unknown>): Answer {
  const all = [BOOK, TALK, KNOWLEDGE, VIDEO, STORED_VIDEO, HLS_VIDEO, FTP_VIDEO];
  if (url === '/cm/api/content/info') {
    const found = all.find((c) => c.id === Number(params.id));
    return found ? ok(found) : notFound(params.id);
  }
  if (url === '/cm/api/content/partList') {
    const found = all.find((c) => c.id === Number(params.contentId));
    return found ? ok(found.id === BOOK.id ? BOOK_PARTS : []) : notFound(params.contentId);
  }
  if (url === '/cm/api/media/decode') {
    const path = String(params.baseUrl).slice('media:'.length);
    return ok({ url: `/media/1001/${path}?exp=99&sig=${'a'.repeat(64)}`, expiresAt: 99 });
  }
  if (url === '/cm/api/hist/getProgress') return ok(null);
  if (url === '/cm/api/attachment/search' || url === '/cm/api/content/searchRelate') return ok([]);
  return { status: 404, body: { success: false, code: 404, flag: -1, message: `No route ${url}`, data: null } };
}

const previousAdapter = apiClient.defaults.adapter;
const adapter: AxiosAdapter = async (config: InternalAxiosRequestConfig) => {
  const params = (config.params ?? {}) as Record<string, unknown>;
  const url = config.url ?? '';
  requests.push({ url, params });
  const { status = 200, body } = answer(url, params);
  if (status >= 400) {
    const { AxiosError } = await import('axios');
    throw new AxiosError(`Request failed with status code ${status}`, 'ERR_BAD_RESPONSE', config, {}, { data: body, status, statusText: 'Error', headers: {}, config });
  }
  return { data: body, status, statusText: 'OK', headers: {}, config, request: {} };
};

function mount(path: string) {
  const router = createMemoryRouter([
    { path: '/sub_cm/content/detail', element: <ContentDetailPage /> },
    { path: '/knowledge/detail/:id', element: <ContentDetailPage /> },
    { path: '/knowledge/details/:id', element: <ContentDetailPage /> },
    { path: '*', element: <div data-testid="elsewhere" /> },
  ], { initialEntries: [path] });
  render(<Providers queryClient={createQueryClient()}><RouterProvider router={router} /></Providers>);
  return router;
}

/** Collects the play requests the floating player would get. */
function listenForPlay() {
  const heard: PlayAudioDetail[] = [];
  const stop = onPlayAudio((detail) => heard.push(detail));
  return { heard, stop };
}

const kicker = () => screen.getByTestId('content-detail-kicker');
const calls = (url: string) => requests.filter((r) => r.url === url);

beforeEach(() => {
  requests = [];
  answer = catalogue;
  document.title = '演示学堂';
  loadSettings(demoSetting());
  apiClient.defaults.adapter = adapter;
});
afterEach(() => {
  cleanup();
  apiClient.defaults.adapter = previousAdapter;
  useUserStore.getState().signOut(false);
  vi.restoreAllMocks();
  resetApp();
});

describe('content detail', { timeout: 20_000 }, () => {
  it('shows the content and its audio parts from content/info and content/partList', async () => {
    mount('/sub_cm/content/detail?id=5&purpose=6');
    expect(await screen.findByRole('heading', { level: 1, name: '有声书：三体' })).toBeInTheDocument();
    expect(calls('/cm/api/content/info')).toEqual([{ url: '/cm/api/content/info', params: { id: 5, tenantId: 1001 } }]);
    expect(calls('/cm/api/content/partList')).toEqual([{ url: '/cm/api/content/partList', params: { contentId: 5, tenantId: 1001 } }]);
    // The length is the episodes' sum, not the content's own (its first episode's).
    expect(screen.getByText('作者：王老师 · 时长 30:03 · 共 3 集 · 321次浏览')).toBeInTheDocument();
    expect(screen.getByText('入门')).toBeInTheDocument();
    expect(screen.getByText('一段简介')).toBeInTheDocument();
    expect(screen.getByRole('img', { name: '有声书：三体' })).toHaveAttribute('src', '/uploads/seed/covers/1001/5.svg');
    const rows = screen.getAllByTestId('content-detail-part');
    expect(rows.map((row) => row.textContent)).toEqual([
      expect.stringContaining('第一集'), expect.stringContaining('第二集'), expect.stringContaining('第三集'),
    ]);
    expect(within(rows[0]!).getByText('10:00')).toBeInTheDocument();
    // The episode not uploaded yet cannot be played.
    expect(within(rows[1]!).getByRole('button', { name: '播放《第二集》' })).toBeDisabled();
  });

  it('hands the playable episodes to the floating player, starting at the one played', async () => {
    const { heard, stop } = listenForPlay();
    mount('/sub_cm/content/detail?id=5&purpose=6');
    fireEvent.click(await screen.findByRole('button', { name: '播放《第三集》' }));
    expect(heard).toHaveLength(1);
    const track = (partId: number, title: string, duration: number) => ({
      id: 5, partId, title, mediaUrl: `media:audio/${partId}.wav`, cover: '/uploads/seed/covers/1001/5.svg', author: '王老师',
      duration, purpose: 6, pageUrl: '/sub_cm/content/detail', pageQuery: { id: '5', purpose: '6' }, permissionFlag: 1,
    });
    expect(heard[0]).toEqual({ items: [track(51, '第一集', 600), track(53, '第三集', 602)], index: 1 });

    fireEvent.click(screen.getByRole('button', { name: /全部播放/ }));
    expect(heard[1]).toMatchObject({ index: 0, items: [{ partId: 51 }, { partId: 53 }] });
    stop();
  });

  it('plays a content without parts as one track of its own (partId 0)', async () => {
    const { heard, stop } = listenForPlay();
    mount('/sub_cm/content/detail?id=6&purpose=1');
    const rows = await screen.findAllByTestId('content-detail-part');
    expect(rows).toHaveLength(1);
    expect(screen.getByRole('heading', { level: 2, name: '播放列表' })).toBeInTheDocument();
    fireEvent.click(within(rows[0]!).getByRole('button', { name: '播放《一次讲座》' }));
    expect(heard).toEqual([{
      index: 0,
      items: [{
        id: 6, partId: 0, title: '一次讲座', mediaUrl: 'media:audio/talk.wav', cover: '/uploads/seed/covers/1001/6.svg', author: '王老师',
        duration: 95, purpose: 1, pageUrl: '/sub_cm/content/detail', pageQuery: { id: '6', purpose: '1' }, permissionFlag: 1,
      }],
    }]);
    stop();
  });

  it.each([
    ['/sub_cm/content/detail?id=6&purpose=1', '微课详情'],
    ['/sub_cm/content/detail?id=6&purpose=2', '知识详情'],
    ['/sub_cm/content/detail?id=6&purpose=4', '作品详情'],
    ['/sub_cm/content/detail?id=6&purpose=3', '内容详情'],
    ['/sub_cm/content/detail?id=5', '内容详情'],
    ['/knowledge/detail/7', '知识详情'],
    ['/knowledge/details/7?purpose=1', '微课详情'],
    ['/knowledge/detail/7?purpose=4', '作品详情'],
  ])('%s is titled %s', async (path, title) => {
    mount(path);
    await screen.findByTestId('content-detail');
    expect(kicker()).toHaveTextContent(title);
    await waitFor(() => expect(document.title).toBe(`演示学堂 - ${title}`));
  });

  it('opens /knowledge/detail/{id} by the path id, reading an article in the page', async () => {
    mount('/knowledge/detail/7?purpose=2');
    expect(await screen.findByRole('heading', { level: 1, name: '知识卡片' })).toBeInTheDocument();
    expect(calls('/cm/api/content/info')[0]!.params).toEqual({ id: 7, tenantId: 1001 });
    // The article is read in place (content-detail-reading.test.tsx), no longer opened in a tab.
    expect(screen.getByTestId('content-detail-article')).toBeInTheDocument();
    expect(screen.getByTestId('content-detail-back')).toHaveAttribute('href', '/knowledge');
  });

  it('plays a site video in a native player, and says so when a video cannot be played here', async () => {
    mount('/sub_cm/content/detail?id=8');
    const video = await screen.findByTestId('content-detail-video');
    expect(video.tagName).toBe('VIDEO');
    expect(video).toHaveAttribute('src', '/uploads/video/8.mp4');
    expect(video).toHaveAttribute('controls');
    cleanup();
    mount('/sub_cm/content/detail?id=11');
    expect(await screen.findByText('该视频暂不支持在此播放。')).toBeInTheDocument();
    expect(screen.queryByTestId('content-detail-video')).toBeNull();
  });

  it('asks a guest to sign in for a stored video, and decodes it (permissionFlag 1) for a learner', async () => {
    mount('/sub_cm/content/detail?id=9');
    const prompt = await screen.findByTestId('content-detail-video-login');
    expect(prompt).toHaveTextContent('登录后即可观看视频。');
    expect(within(prompt).getByRole('link', { name: '去登录' })).toHaveAttribute('href', `/login?returnUrl=${encodeURIComponent('/sub_cm/content/detail?id=9')}`);
    expect(calls('/cm/api/media/decode')).toEqual([]);
    cleanup();
    useUserStore.getState().signIn(1001, LEARNER);
    mount('/sub_cm/content/detail?id=9');
    const video = await screen.findByTestId('content-detail-video');
    await waitFor(() => expect(video).toHaveAttribute('src', `/media/1001/video/9.mp4?exp=99&sig=${'a'.repeat(64)}`));
    expect(video).toHaveAttribute('data-hls', 'false');
    expect(calls('/cm/api/media/decode')[0]!.params).toMatchObject({ baseUrl: 'media:video/9.mp4', permissionFlag: 1 });
  });

  it('plays an HLS playlist through hls.js, and says so with a retry where the browser can play neither', async () => {
    useUserStore.getState().signIn(1001, LEARNER);
    mount('/sub_cm/content/detail?id=10');
    const video = await screen.findByTestId('content-detail-video');
    expect(video).toHaveAttribute('data-hls', 'true');
    // jsdom has no Media Source Extensions and no native HLS: the player says the video failed.
    const error = await screen.findByTestId('content-detail-video-error');
    expect(error).toHaveTextContent('视频加载失败');
    expect(video).not.toHaveAttribute('src');
    expect(within(error).getByRole('button', { name: /重\s*试/ })).toBeInTheDocument();
  });

  it('shows "not found" for an unknown content and for an id that cannot be one, without the error alert', async () => {
    mount('/sub_cm/content/detail?id=404');
    expect(await screen.findByText('没有找到这条内容')).toBeInTheDocument();
    expect(screen.getByText('编号为 404 的内容不存在或已下线。')).toBeInTheDocument();
    expect(screen.queryByTestId('content-detail')).toBeNull();
    cleanup();
    requests = [];
    mount('/sub_cm/content/detail?id=abc');
    expect(await screen.findByText('没有找到这条内容')).toBeInTheDocument();
    expect(requests).toEqual([]);
  });

  it('shows the error with a retry that loads the content once the server answers', async () => {
    let failing = true;
    answer = (url, params) => (failing ? { status: 500, body: { success: false, code: 500, flag: -1, message: 'boom', data: null } } : catalogue(url, params));
    mount('/sub_cm/content/detail?id=6&purpose=1');
    expect(await screen.findByText('内容加载失败')).toBeInTheDocument();
    expect(screen.queryByTestId('content-detail')).toBeNull();
    failing = false;
    await act(async () => {
      // antd spaces a two-character label: "重 试".
      fireEvent.click(screen.getByRole('button', { name: /重\s?试/ }));
    });
    expect(await screen.findByRole('heading', { level: 1, name: '一次讲座' })).toBeInTheDocument();
  });

  it('keeps the content when its parts fail, without playing a book in parts as one piece, and retries the parts', async () => {
    let partsFail = true;
    answer = (url, params) => (url === '/cm/api/content/partList' && partsFail
      ? { status: 500, body: { success: false, code: 500, flag: -1, message: 'boom', data: null } }
      : catalogue(url, params));
    mount('/sub_cm/content/detail?id=5&purpose=6');
    expect(await screen.findByRole('heading', { level: 1, name: '有声书：三体' })).toBeInTheDocument();
    const alert = await screen.findByRole('alert');
    expect(alert).toHaveTextContent('目录加载失败。');
    expect(screen.queryAllByTestId('content-detail-part')).toEqual([]);
    expect(screen.queryByRole('button', { name: /全部播放/ })).toBeNull();
    partsFail = false;
    await act(async () => {
      fireEvent.click(within(alert).getByRole('button'));
    });
    await waitFor(() => expect(screen.getAllByTestId('content-detail-part')).toHaveLength(3));
    expect(screen.queryByRole('alert')).toBeNull();
  });

  it('shows the skeleton while loading', async () => {
    let release!: () => void;
    const gate = new Promise<void>((resolve) => { release = resolve; });
    answer = catalogue;
    apiClient.defaults.adapter = async (config) => {
      await gate;
      return adapter(config);
    };
    mount('/sub_cm/content/detail?id=6');
    expect(await screen.findByTestId('content-detail-loading')).toBeInTheDocument();
    await act(async () => release());
    expect(await screen.findByRole('heading', { level: 1, name: '一次讲座' })).toBeInTheDocument();
    expect(screen.queryByTestId('content-detail-loading')).toBeNull();
  });
});
