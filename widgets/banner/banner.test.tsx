import { afterEach, describe, expect, it, vi } from 'vitest';
import { act, fireEvent, screen } from '@testing-library/react';
import { fakeData, renderPage, renderWidget } from '../../tests/component/widget-harness';
import type { BannerItem } from '../../src/api/banner';
import { apiRequest } from '../../src/api/client';
import { widget } from './index';
import Banner from './banner';

vi.mock('../../src/api/client', async (importOriginal) => ({
  ...(await importOriginal<typeof import('../../src/api/client')>()),
  apiRequest: vi.fn(),
}));

const slide = (id: number, title: string, link: BannerItem['link']): BannerItem => ({
  id, storeId: null, position: 'home', title, image: `/uploads/banner-${id}.svg`, link, sort: id,
});
const slides = [
  slide(10, '年度学习计划', { linkType: 'category', id: 84, purpose: 1 }),
  slide(12, '训练营报名', { linkUrl: 'classes', linkType: 'route' }),
  slide(13, '外部活动', { linkType: 'url', linkUrl: 'https://example.com/event' }),
];

afterEach(() => {
  vi.useRealTimers();
  vi.clearAllMocks();
});

const current = () => document.querySelector('.w-banner')?.getAttribute('data-current');

describe('banner', () => {
  it('renders with its defaults through PageRenderer: the home position, one slide per banner, each a link', async () => {
    vi.mocked(apiRequest).mockResolvedValue(slides);
    renderPage([widget], [{ id: 'b', type: 'banner', version: 1, props: {} }]);
    expect(await screen.findByRole('img', { name: '年度学习计划' })).toHaveAttribute('src', '/uploads/banner-10.svg');
    expect(apiRequest).toHaveBeenCalledWith('/cfg/api/banner', { position: 'home' }, expect.any(AbortSignal));
    expect(screen.getByRole('img', { name: '年度学习计划' }).closest('a')).toHaveAttribute('href', '/course?categoryId=84');
    // Hidden slides are inert, so only the active slide's link is reachable.
    expect(screen.getAllByRole('link')).toHaveLength(1);
    fireEvent.click(screen.getByRole('link'));
    expect(screen.getByTestId('where')).toHaveTextContent('/course?categoryId=84');
  });

  it('asks for the store\'s banners of the configured position', async () => {
    vi.mocked(apiRequest).mockResolvedValue(slides);
    renderPage([widget], [{ id: 'b', type: 'banner', version: 1, props: { position: 'shop' } }], { ctx: { tenantId: 1003, viewer: { audience: 'guest' }, storeId: 2 } });
    await screen.findByRole('img', { name: '年度学习计划' });
    expect(apiRequest).toHaveBeenCalledWith('/cfg/api/banner', { position: 'shop', storeId: 2 }, expect.any(AbortSignal));
  });

  it('moves with the arrows and dots, and each slide keeps its own link', () => {
    renderWidget(Banner, { props: widget.defaultProps, data: fakeData('success', slides) });
    expect(current()).toBe('0');
    fireEvent.click(screen.getByRole('button', { name: '下一张' }));
    expect(current()).toBe('1');
    expect(screen.getByRole('link')).toHaveAttribute('href', '/classes');
    fireEvent.click(screen.getByRole('button', { name: '第3张' }));
    expect(current()).toBe('2');
    const external = screen.getByRole('link');
    expect(external).toHaveAttribute('href', 'https://example.com/event');
    expect(external).toHaveAttribute('rel', 'noopener noreferrer');
    fireEvent.click(screen.getByRole('button', { name: '下一张' }));
    expect(current()).toBe('0');
    fireEvent.click(screen.getByRole('button', { name: '上一张' }));
    expect(current()).toBe('2');
  });

  it('autoplays every interval ms and pauses while hovered', () => {
    vi.useFakeTimers();
    renderWidget(Banner, { props: { ...widget.defaultProps, interval: 3000 }, data: fakeData('success', slides) });
    act(() => vi.advanceTimersByTime(2999));
    expect(current()).toBe('0');
    act(() => vi.advanceTimersByTime(1));
    expect(current()).toBe('1');
    fireEvent.mouseEnter(document.querySelector('.w-banner')!);
    act(() => vi.advanceTimersByTime(9000));
    expect(current()).toBe('1');
    fireEvent.mouseLeave(document.querySelector('.w-banner')!);
    act(() => vi.advanceTimersByTime(3000));
    expect(current()).toBe('2');
  });

  it('does not autoplay when autoplay is off, and shows no controls for a single slide', () => {
    vi.useFakeTimers();
    const { unmount } = renderWidget(Banner, { props: { ...widget.defaultProps, autoplay: false }, data: fakeData('success', slides) });
    act(() => vi.advanceTimersByTime(20000));
    expect(current()).toBe('0');
    unmount();
    renderWidget(Banner, { props: widget.defaultProps, data: fakeData('success', slides.slice(0, 1)) });
    expect(screen.queryByRole('button')).toBeNull();
  });

  it('pauses while focus is inside the carousel and resumes when focus leaves it', () => {
    vi.useFakeTimers();
    renderWidget(Banner, { props: { ...widget.defaultProps, interval: 3000 }, data: fakeData('success', slides) });
    const next = screen.getByRole('button', { name: '下一张' });
    fireEvent.focus(next);
    act(() => vi.advanceTimersByTime(9000));
    expect(current()).toBe('0');
    // Moving between the carousel's own controls keeps it paused.
    fireEvent.blur(next, { relatedTarget: screen.getByRole('button', { name: '上一张' }) });
    act(() => vi.advanceTimersByTime(9000));
    expect(current()).toBe('0');
    fireEvent.blur(screen.getByRole('button', { name: '上一张' }), { relatedTarget: document.body });
    act(() => vi.advanceTimersByTime(3000));
    expect(current()).toBe('1');
  });

  it('has a visible pause button that stops rotation until play is pressed', () => {
    vi.useFakeTimers();
    renderWidget(Banner, { props: { ...widget.defaultProps, interval: 3000 }, data: fakeData('success', slides) });
    fireEvent.click(screen.getByRole('button', { name: '暂停轮播' }));
    fireEvent.blur(screen.getByRole('button', { name: '播放轮播' }), { relatedTarget: document.body });
    act(() => vi.advanceTimersByTime(15000));
    expect(current()).toBe('0');
    fireEvent.click(screen.getByRole('button', { name: '播放轮播' }));
    fireEvent.blur(screen.getByRole('button', { name: '暂停轮播' }), { relatedTarget: document.body });
    act(() => vi.advanceTimersByTime(3000));
    expect(current()).toBe('1');
  });

  it('announces slides as "n of m" in a named carousel, politely only while the visitor drives it', () => {
    vi.useFakeTimers();
    renderWidget(Banner, { props: widget.defaultProps, data: fakeData('success', slides) });
    const carousel = screen.getByRole('region', { name: '轮播图' });
    expect(carousel).toHaveAttribute('aria-roledescription', 'carousel');
    const groups = carousel.querySelectorAll('[aria-roledescription="slide"]');
    expect([...groups].map((g) => [g.getAttribute('role'), g.getAttribute('aria-label')])).toEqual([
      ['group', '第1张，共3张'], ['group', '第2张，共3张'], ['group', '第3张，共3张'],
    ]);
    const track = carousel.querySelector('.w-banner-track')!;
    // Rotating on its own: silent, or it would talk over the page every few seconds.
    expect(track).toHaveAttribute('aria-live', 'off');
    fireEvent.focus(screen.getByRole('button', { name: '下一张' }));
    fireEvent.click(screen.getByRole('button', { name: '下一张' }));
    expect(track).toHaveAttribute('aria-live', 'polite');
    expect(screen.getByRole('group', { name: '第2张，共3张' })).toHaveAttribute('data-active', 'true');
  });

  it('takes its screen-reader name from a11yLabel, and an English page reads English controls', () => {
    renderWidget(Banner, { props: { ...widget.defaultProps, a11yLabel: '本月活动' }, data: fakeData('success', slides) });
    expect(screen.getByRole('region', { name: '本月活动' })).toBeInTheDocument();
    document.body.innerHTML = '';
    renderWidget(Banner, { props: widget.defaultProps, data: fakeData('success', slides), ctx: { tenantId: 1, viewer: { audience: 'guest' }, locale: 'en' } });
    expect(screen.getByRole('region', { name: 'Featured slides' })).toBeInTheDocument();
    expect(screen.getByRole('group', { name: '1 of 3' })).toBeInTheDocument();
    expect(screen.getByRole('button', { name: 'Pause slides' })).toBeInTheDocument();
  });

  it('never autoplays under prefers-reduced-motion: reduce, and offers no pause button then', () => {
    vi.useFakeTimers();
    const matchMedia = vi.spyOn(window, 'matchMedia').mockImplementation((query: string) => ({
      matches: query === '(prefers-reduced-motion: reduce)', media: query, onchange: null,
      addEventListener: () => undefined, removeEventListener: () => undefined, addListener: () => undefined, removeListener: () => undefined, dispatchEvent: () => false,
    }));
    try {
      renderWidget(Banner, { props: { ...widget.defaultProps, interval: 1000 }, data: fakeData('success', slides) });
      act(() => vi.advanceTimersByTime(10000));
      expect(current()).toBe('0');
      expect(screen.queryByRole('button', { name: '暂停轮播' })).toBeNull();
      expect(document.querySelector('.w-banner-track')).toHaveStyle({ transition: 'none' });
      // The visitor can still move it by hand, and hears where it went.
      fireEvent.click(screen.getByRole('button', { name: '下一张' }));
      expect(current()).toBe('1');
      expect(document.querySelector('.w-banner-track')).toHaveAttribute('aria-live', 'polite');
    } finally {
      matchMedia.mockRestore();
    }
  });

  it('loads a version 1 block as version 2 props (banner/2-add-a11y-label)', async () => {
    vi.mocked(apiRequest).mockResolvedValue(slides);
    renderPage([widget], [{ id: 'b', type: 'banner', version: 1, props: { position: 'home', interval: 4000 } }]);
    expect(await screen.findByRole('region', { name: '轮播图' })).toBeInTheDocument();
    expect(widget.version).toBe(2);
    expect(widget.migrations.map((m) => m.id)).toEqual(['banner/2-add-a11y-label']);
    expect(widget.migrations[0]!.up({ position: 'home', interval: 4000 })).toEqual({ position: 'home', interval: 4000 });
  });

  it('shows 暂无数据 when the position has no banners', async () => {
    vi.mocked(apiRequest).mockResolvedValue([]);
    renderPage([widget], [{ id: 'b', type: 'banner', version: 1, props: {} }]);
    expect(await screen.findByText('暂无数据')).toBeInTheDocument();
  });

  it('shows the API error with a retry that fetches again', async () => {
    vi.mocked(apiRequest).mockRejectedValueOnce(new Error('系统繁忙')).mockResolvedValueOnce(slides);
    renderPage([widget], [{ id: 'b', type: 'banner', version: 1, props: {} }]);
    expect(await screen.findByRole('alert')).toHaveTextContent('系统繁忙');
    fireEvent.click(screen.getByRole('button', { name: '重试' }));
    expect(await screen.findByRole('img', { name: '年度学习计划' })).toBeInTheDocument();
  });

  it('shows a skeleton of its height while pending', () => {
    renderWidget(Banner, { props: { ...widget.defaultProps, height: 200 }, data: fakeData('pending') });
    expect(screen.getByRole('status', { name: '加载中' })).toHaveStyle({ height: '200px' });
  });
});
