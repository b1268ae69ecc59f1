// The floating player's face (spec shell §4): title, image, progress, time, mode, volume, the
// playlist, the spec's empty texts, and the title link to the item's page.
import { act, fireEvent, render, screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { createMemoryRouter, RouterProvider } from 'react-router';
import { beforeEach, describe, expect, it, vi } from 'vitest';
import type { AudioTrack } from '../../src/lib/audio-handoff';
import { selectCurrentMusic, useMusicStore } from '../../src/stores/music-store';

const engine = vi.hoisted(() => ({ start: vi.fn(() => () => undefined), seek: vi.fn(), sync: vi.fn() }));
vi.mock('../../src/services/audio/browser-engine', () => ({ browserEngine: () => engine }));

const { default: FloatingPlayer } = await import('../../src/services/audio/floating-player');

const track = (id: number, extra: Partial<AudioTrack> = {}): AudioTrack => ({
  id, title: `英语听力 第${id}课`, mediaUrl: `media:audio/t${id}.wav`, duration: 95, cover: '/covers/a.png',
  pageUrl: '/sub_cm/content/detail', pageQuery: { id: String(id), purpose: '3' }, ...extra,
});

function mount() {
  const router = createMemoryRouter([
    { path: '/', element: <FloatingPlayer /> },
    { path: '/sub_cm/content/detail', element: <><p>detail page</p><FloatingPlayer /></> },
  ], { initialEntries: ['/'] });
  render(<RouterProvider router={router} />);
  return router;
}

const s = useMusicStore.getState;

describe('floating player', () => {
  beforeEach(() => {
    localStorage.clear();
    engine.seek.mockClear();
    useMusicStore.setState({ scope: null, songList: [], currentIndex: -1, playStatus: 'stopped', showPlayer: false, volume: 100, rate: 1, playType: 0 });
    s().hydrate(1001, 7);
  });

  it('shows nothing until there is something to play', () => {
    mount();
    expect(screen.queryByRole('region', { name: '音频播放器' })).not.toBeInTheDocument();
  });

  it('shows the current item: title, image, time, and the play state', async () => {
    act(() => s().playList([track(1), track(2)], 0));
    act(() => s().setPosition('1:0', 65));
    mount();
    const player = screen.getByRole('region', { name: '音频播放器' });
    expect(within(player).getByRole('link', { name: '英语听力 第1课' })).toBeInTheDocument();
    expect(player.querySelector('img')).toHaveAttribute('src', '/covers/a.png');
    expect(within(player).getByText('1:05 / 1:35')).toBeInTheDocument();
    expect(within(player).getByRole('slider', { name: '播放进度' })).toHaveValue('65');
    expect(within(player).getByRole('button', { name: '暂停' })).toBeInTheDocument();
    await userEvent.click(within(player).getByRole('button', { name: '暂停' }));
    expect(s().playStatus).toBe('paused');
    expect(within(player).getByRole('button', { name: '播放' })).toBeInTheDocument();
  });

  it('goes to the item\'s page with its query when the title is clicked, and keeps playing', async () => {
    act(() => s().playList([track(3)], 0));
    const router = mount();
    await userEvent.click(screen.getByRole('link', { name: '英语听力 第3课' }));
    expect(router.state.location.pathname).toBe('/sub_cm/content/detail');
    expect(Object.fromEntries(new URLSearchParams(router.state.location.search))).toEqual({ id: '3', purpose: '3' });
    expect(screen.getByText('detail page')).toBeInTheDocument();
    expect(s().playStatus).toBe('playing');
  });

  it('shows 暂无播放 for an item without a title', () => {
    act(() => s().playList([track(4, { title: '' })], 0));
    mount();
    expect(screen.getByText('暂无播放')).toBeInTheDocument();
    expect(screen.queryByRole('link')).not.toBeInTheDocument();
  });

  it('cycles the mode, sets the volume and seeks through the engine', async () => {
    act(() => s().playList([track(1)], 0));
    mount();
    await userEvent.click(screen.getByRole('button', { name: '播放模式：列表循环，点击切换' }));
    expect(s().playType).toBe(1);
    await userEvent.click(screen.getByRole('button', { name: '播放模式：单曲循环，点击切换' }));
    await userEvent.click(screen.getByRole('button', { name: '播放模式：随机播放，点击切换' }));
    expect(s().playType).toBe(0);
    const volume = screen.getByRole('slider', { name: '音量' });
    expect(volume).toHaveValue('100');
    fireEvent.change(volume, { target: { value: '30' } });
    expect(s().volume).toBe(30);
    const progress = screen.getByRole('slider', { name: '播放进度' });
    fireEvent.change(progress, { target: { value: '40' } });
    expect(engine.seek).toHaveBeenCalledWith(40);
  });

  it('lists the playlist, plays a chosen entry, removes entries, and says 播放列表为空 when empty', async () => {
    act(() => s().playList([track(1), track(2)], 0));
    mount();
    await userEvent.click(screen.getByRole('button', { name: '播放列表（2）' }));
    const list = screen.getByRole('region', { name: '播放列表' });
    await userEvent.click(within(list).getByRole('button', { name: /^英语听力 第2课/ }));
    expect(selectCurrentMusic(s())?.id).toBe(2);
    await userEvent.click(within(list).getByRole('button', { name: '移出列表：英语听力 第2课' }));
    expect(selectCurrentMusic(s())?.id).toBe(1);
    await userEvent.click(within(list).getByRole('button', { name: '移出列表：英语听力 第1课' }));
    expect(within(list).getByText('播放列表为空')).toBeInTheDocument();
    expect(screen.getByText('暂无播放')).toBeInTheDocument();
  });

  it('closes the open playlist on Escape and gives the focus back to its button (issue 23 point 3)', async () => {
    act(() => s().playList([track(1), track(2)], 0));
    mount();
    const user = userEvent.setup();
    const toggle = screen.getByRole('button', { name: '播放列表（2）' });
    toggle.focus();
    await user.keyboard('{Enter}');
    expect(toggle).toHaveAttribute('aria-expanded', 'true');
    within(screen.getByRole('region', { name: '播放列表' })).getByRole('button', { name: /^英语听力 第1课/ }).focus();
    await user.keyboard('{Escape}');
    expect(screen.queryByRole('region', { name: '播放列表' })).not.toBeInTheDocument();
    expect(toggle).toHaveAttribute('aria-expanded', 'false');
    expect(toggle).toHaveFocus();
  });

  it('keeps the focus in the playlist when the focused entry is removed, then on its button once empty', async () => {
    act(() => s().playList([track(1), track(2)], 0));
    mount();
    const user = userEvent.setup();
    await user.click(screen.getByRole('button', { name: '播放列表（2）' }));
    const list = screen.getByRole('region', { name: '播放列表' });
    within(list).getByRole('button', { name: '移出列表：英语听力 第1课' }).focus();
    await user.keyboard('{Enter}');
    await vi.waitFor(() => expect(within(list).getByRole('button', { name: '移出列表：英语听力 第2课' })).toHaveFocus());
    await user.keyboard('{Enter}');
    expect(within(list).getByText('播放列表为空')).toBeInTheDocument();
    await vi.waitFor(() => expect(screen.getByRole('button', { name: '播放列表（0）' })).toHaveFocus());
  });

  it('hides, stopping playback, with the close button', async () => {
    act(() => s().playList([track(1)], 0));
    mount();
    await userEvent.click(screen.getByRole('button', { name: '关闭播放器' }));
    expect(screen.queryByRole('region', { name: '音频播放器' })).not.toBeInTheDocument();
    expect(s()).toMatchObject({ showPlayer: false, playStatus: 'paused' });
  });
});
