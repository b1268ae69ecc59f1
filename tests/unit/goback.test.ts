// spec shell §3 App state goback and §4 "Leaving a detail page": the list a content, course,
// subject or class detail was opened from is remembered for the detail's back action.
import { act, renderHook } from '@testing-library/react';
import { createElement, type ReactNode } from 'react';
import { MemoryRouter, useLocation } from 'react-router';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { clearGoback, gobackTarget, rememberGoback, useGoback, useRememberGoback, type GobackKind } from '../../src/lib/goback';

afterEach(() => vi.restoreAllMocks());

const KINDS: GobackKind[] = ['content', 'course', 'subject', 'class'];

describe('goback storage', () => {
  it('returns the fallback when nothing is remembered', () => {
    expect(gobackTarget('course', '/course')).toBe('/course');
  });

  it('remembers path + search per kind, in sessionStorage', () => {
    rememberGoback('course', '/course?categoryId=3&pageNo=2');
    rememberGoback('class', '/classes?tab=1');
    expect(gobackTarget('course', '/course')).toBe('/course?categoryId=3&pageNo=2');
    expect(gobackTarget('class', '/classes')).toBe('/classes?tab=1');
    expect(gobackTarget('subject', '/subject')).toBe('/subject');
    expect(sessionStorage.getItem('portal.goback.course')).toBe('/course?categoryId=3&pageNo=2');
    expect(localStorage.length).toBe(0);
  });

  it('keeps one slot for each of content, course, subject and class', () => {
    KINDS.forEach((kind, i) => rememberGoback(kind, `/list-${i}`));
    KINDS.forEach((kind, i) => expect(gobackTarget(kind, '/x')).toBe(`/list-${i}`));
    clearGoback('course');
    expect(gobackTarget('course', '/fallback')).toBe('/fallback');
    expect(gobackTarget('content', '/x')).toBe('/list-0');
  });

  it('refuses routes outside the app, so the back button cannot become an open redirect', () => {
    const warn = vi.spyOn(console, 'warn').mockImplementation(() => undefined);
    for (const bad of ['https://evil.example.com/', '//evil.example.com', 'course', '/\\evil.example.com']) {
      rememberGoback('course', bad);
      expect(gobackTarget('course', '/course')).toBe('/course');
    }
    expect(warn).toHaveBeenCalled();
    sessionStorage.setItem('portal.goback.course', '//evil.example.com');
    expect(gobackTarget('course', '/course')).toBe('/course');
  });
});

describe('useGoback and useRememberGoback', () => {
  const router = (initial: string) =>
    function Wrapper({ children }: { children: ReactNode }) {
      return createElement(MemoryRouter, { initialEntries: [initial] }, children);
    };

  it('the list remembers its own route with its query', () => {
    const { result } = renderHook(() => useRememberGoback(), { wrapper: router('/subject?categoryId=9&pageNo=3') });
    act(() => result.current('subject'));
    expect(gobackTarget('subject', '/subject')).toBe('/subject?categoryId=9&pageNo=3');
  });

  it('goBack navigates to the remembered list and forgets it', () => {
    rememberGoback('course', '/course?pageNo=4');
    const { result } = renderHook(() => ({ back: useGoback('course', '/home'), location: useLocation() }), {
      wrapper: router('/course/detail/12'),
    });
    expect(result.current.back.target).toBe('/course?pageNo=4');
    act(() => result.current.back.goBack());
    expect(result.current.location.pathname + result.current.location.search).toBe('/course?pageNo=4');
    expect(gobackTarget('course', '/home')).toBe('/home');
  });

  it('goBack uses the fallback when no list was remembered', () => {
    const { result } = renderHook(() => ({ back: useGoback('class', '/classes'), location: useLocation() }), {
      wrapper: router('/classes/detail/5'),
    });
    act(() => result.current.back.goBack());
    expect(result.current.location.pathname).toBe('/classes');
  });
});
