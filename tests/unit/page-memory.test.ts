// spec shell §3 App state pageRoute/pageTab and §9 default pageNo 1, default pageTab 0: a list
// page's position is remembered per route in sessionStorage and restored on return.
import { act, renderHook } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { clearPageMemory, DEFAULT_PAGE_MEMORY, readPageMemory, usePageMemory, writePageMemory } from '../../src/lib/page-memory';

const stored = (routeKey: string) => sessionStorage.getItem(`portal.pageMemory.${routeKey}`);

describe('page memory storage', () => {
  it('defaults to page 1, tab 0', () => {
    expect(DEFAULT_PAGE_MEMORY).toEqual({ pageNo: 1, pageTab: 0 });
    expect(readPageMemory('/course')).toEqual({ pageNo: 1, pageTab: 0 });
  });

  it('remembers each route separately, in sessionStorage', () => {
    writePageMemory('/course', { pageNo: 3, pageTab: 2 });
    writePageMemory('/subject', { pageNo: 5, pageTab: 0 });
    expect(readPageMemory('/course')).toEqual({ pageNo: 3, pageTab: 2 });
    expect(readPageMemory('/subject')).toEqual({ pageNo: 5, pageTab: 0 });
    expect(localStorage.length).toBe(0);
    expect(JSON.parse(stored('/course') ?? 'null')).toEqual({ pageNo: 3, pageTab: 2 });
  });

  it('falls back to the default for each invalid stored value', () => {
    const key = 'portal.pageMemory./course';
    sessionStorage.setItem(key, '{not json');
    expect(readPageMemory('/course')).toEqual({ pageNo: 1, pageTab: 0 });
    sessionStorage.setItem(key, JSON.stringify({ pageNo: 0, pageTab: -1 }));
    expect(readPageMemory('/course')).toEqual({ pageNo: 1, pageTab: 0 });
    sessionStorage.setItem(key, JSON.stringify({ pageNo: 2.5, pageTab: '1' }));
    expect(readPageMemory('/course')).toEqual({ pageNo: 1, pageTab: 0 });
    sessionStorage.setItem(key, JSON.stringify({ pageNo: 4, pageTab: 'x' }));
    expect(readPageMemory('/course')).toEqual({ pageNo: 4, pageTab: 0 });
    sessionStorage.setItem(key, JSON.stringify([3, 1]));
    expect(readPageMemory('/course')).toEqual({ pageNo: 1, pageTab: 0 });
  });

  it('does not store invalid values, nor the defaults', () => {
    writePageMemory('/course', { pageNo: -3, pageTab: 1 });
    expect(readPageMemory('/course')).toEqual({ pageNo: 1, pageTab: 1 });
    writePageMemory('/course', { pageNo: 1, pageTab: 0 });
    expect(stored('/course')).toBeNull();
  });

  it('forgets a route', () => {
    writePageMemory('/course', { pageNo: 3, pageTab: 1 });
    clearPageMemory('/course');
    expect(readPageMemory('/course')).toEqual({ pageNo: 1, pageTab: 0 });
  });
});

describe('usePageMemory', () => {
  it('restores the position when the learner comes back to the list', () => {
    const first = renderHook(() => usePageMemory('/course'));
    act(() => first.result.current.setPageTab(2));
    act(() => first.result.current.setPageNo(4));
    expect(first.result.current).toMatchObject({ pageNo: 4, pageTab: 2 });
    first.unmount(); // off to a detail page

    const back = renderHook(() => usePageMemory('/course'));
    expect(back.result.current).toMatchObject({ pageNo: 4, pageTab: 2 });
  });

  it('goes back to page 1 when the tab changes', () => {
    const { result } = renderHook(() => usePageMemory('/course'));
    act(() => result.current.setPageNo(6));
    act(() => result.current.setPageTab(1));
    expect(result.current).toMatchObject({ pageNo: 1, pageTab: 1 });
    expect(readPageMemory('/course')).toEqual({ pageNo: 1, pageTab: 1 });
  });

  it('reset goes back to the defaults and forgets the route', () => {
    const { result } = renderHook(() => usePageMemory('/course'));
    act(() => result.current.setPageNo(6));
    act(() => result.current.reset());
    expect(result.current).toMatchObject({ pageNo: 1, pageTab: 0 });
    expect(stored('/course')).toBeNull();
  });

  it('ignores invalid page numbers set by the page', () => {
    const { result } = renderHook(() => usePageMemory('/course'));
    act(() => result.current.setPageNo(3));
    act(() => result.current.setPageNo(Number.NaN));
    expect(result.current.pageNo).toBe(1);
  });

  it('shows the memory of the new route when the route key changes', () => {
    writePageMemory('/course', { pageNo: 3, pageTab: 1 });
    writePageMemory('/subject', { pageNo: 7, pageTab: 0 });
    const { result, rerender } = renderHook(({ routeKey }) => usePageMemory(routeKey), { initialProps: { routeKey: '/course' } });
    expect(result.current).toMatchObject({ pageNo: 3, pageTab: 1 });
    rerender({ routeKey: '/subject' });
    expect(result.current).toMatchObject({ pageNo: 7, pageTab: 0 });
    act(() => result.current.setPageNo(8));
    expect(readPageMemory('/subject').pageNo).toBe(8);
    expect(readPageMemory('/course').pageNo).toBe(3);
  });
});
