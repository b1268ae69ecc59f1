import { afterEach, describe, expect, it, vi } from 'vitest';
import { fireEvent, screen, within } from '@testing-library/react';
import { fakeData, paged, renderPage, renderWidget } from '../../tests/component/widget-harness';
import type { ContentItem } from '../../src/api/catalogue';
import { apiRequest } from '../../src/api/client';
import { onPlayAudio, playAudio, PLAY_AUDIO_EVENT, type PlayAudioDetail } from '../../src/lib/audio-handoff';
import { widget } from './index';
import AudioPlaylist from './audio-playlist';

vi.mock('../../src/api/client', async (importOriginal) => ({
  ...(await importOriginal<typeof import('../../src/api/client')>()),
  apiRequest: vi.fn(),
}));

const audio = (id: number, title: string, duration: number, over: Partial<ContentItem> = {}): ContentItem => ({
  id, title, cover: `/uploads/r-${id}.svg`, summary: null, categoryId: 107, categoryName: '有声书', publishTime: '2026-11-07T00:00:00.000Z',
  purpose: 6, kind: 'audio', author: '夏天', duration, mediaUrl: `/uploads/${id}.mp3`, partCount: 6, viewCount: 1, favourCount: 0, labels: [], ...over,
});

afterEach(() => vi.clearAllMocks());

describe('audio-playlist', () => {
  it('renders with its defaults through PageRenderer: title, author, parts and duration per item', async () => {
    vi.mocked(apiRequest).mockResolvedValue(paged([audio(175, '小城故事集', 6142), audio(178, '时间的礼物', 95, { partCount: 1 })]));
    renderPage([widget], [{ id: 'a', type: 'audio-playlist', version: 1, props: {} }]);
    await screen.findByText('小城故事集');
    expect(apiRequest).toHaveBeenCalledWith(
      '/cm/api/content/search', { kind: 'audio', pageNo: 1, pageSize: 8, sort: 'newest', categoryId: undefined }, expect.any(AbortSignal),
    );
    expect(screen.getByRole('heading', { name: '有声精选' })).toBeInTheDocument();
    const [first, second] = screen.getAllByRole('listitem');
    expect(within(first!).getByText('1:42:22')).toBeInTheDocument();
    expect(within(first!).getByText('夏天 · 6集')).toBeInTheDocument();
    expect(within(second!).getByText('1:35')).toBeInTheDocument();
    expect(within(second!).getByText('夏天')).toBeInTheDocument();
  });

  it('play hands the whole list and the chosen index to the floating player as a portal:play-audio event', () => {
    const heard: PlayAudioDetail[] = [];
    const stop = onPlayAudio((detail) => heard.push(detail));
    const raw = vi.fn();
    window.addEventListener(PLAY_AUDIO_EVENT, raw);
    renderWidget(AudioPlaylist, { props: widget.defaultProps, data: fakeData('success', paged([audio(1, '第一首', 60), audio(2, '第二首', 120)])) });
    fireEvent.click(screen.getByRole('button', { name: '播放 第二首' }));
    expect(raw).toHaveBeenCalledTimes(1);
    expect(raw.mock.calls[0]![0]).toBeInstanceOf(CustomEvent);
    expect(heard).toHaveLength(1);
    expect(heard[0]!.index).toBe(1);
    expect(heard[0]!.items.map((t) => [t.id, t.title, t.mediaUrl, t.duration])).toEqual([[1, '第一首', '/uploads/1.mp3', 60], [2, '第二首', '/uploads/2.mp3', 120]]);
    stop();
    window.removeEventListener(PLAY_AUDIO_EVENT, raw);
    fireEvent.click(screen.getByRole('button', { name: '播放 第一首' }));
    expect(heard).toHaveLength(1);
  });

  it('playAudio clamps the index and refuses an empty queue', () => {
    const heard: PlayAudioDetail[] = [];
    const stop = onPlayAudio((detail) => heard.push(detail));
    expect(playAudio([], 0)).toBe(false);
    expect(playAudio([{ id: 1, title: 'a', mediaUrl: null }], 5)).toBe(true);
    expect(heard).toEqual([{ items: [{ id: 1, title: 'a', mediaUrl: null }], index: 0 }]);
    stop();
  });

  it('shows 暂无数据 when there is no audio', async () => {
    vi.mocked(apiRequest).mockResolvedValue(paged([]));
    renderPage([widget], [{ id: 'a', type: 'audio-playlist', version: 1, props: {} }]);
    expect(await screen.findByText('暂无数据')).toBeInTheDocument();
  });

  it('shows the API error with a retry that fetches again', async () => {
    vi.mocked(apiRequest).mockRejectedValueOnce(new Error('系统繁忙')).mockResolvedValueOnce(paged([audio(3, '重试的音频', 30)]));
    renderPage([widget], [{ id: 'a', type: 'audio-playlist', version: 1, props: {} }]);
    expect(await screen.findByRole('alert')).toHaveTextContent('系统繁忙');
    fireEvent.click(screen.getByRole('button', { name: '重试' }));
    expect(await screen.findByText('重试的音频')).toBeInTheDocument();
  });

  it('shows a skeleton while pending', () => {
    renderWidget(AudioPlaylist, { props: widget.defaultProps, data: fakeData('pending') });
    expect(screen.getByRole('status', { name: '加载中' })).toHaveAttribute('aria-busy', 'true');
  });
});
