// spec shell §2 route meta keepAlive: a kept page keeps its state and scroll when the learner comes back.
import { screen, waitFor } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { KEEP_ALIVE_LIMIT, keepAliveKey } from '../../src/app/layout/keep-alive-outlet';
import { demoPages, demoSetting } from '../unit/fixtures';
import { loadSettings, renderRoutes, resetApp } from './render-shell';

beforeEach(() => {
  resetApp();
  loadSettings(demoSetting(), demoPages);
});

afterEach(() => {
  Object.defineProperty(window, 'scrollY', { value: 0, configurable: true });
});

describe('keepAlive', () => {
  it('keys a kept route by keepKey, else by path; others are not kept', () => {
    expect(keepAliveKey({ keepAlive: true, keepKey: 'search' }, '/search')).toBe('search');
    expect(keepAliveKey({ keepAlive: true }, '/home/2')).toBe('/home/2');
    expect(keepAliveKey({}, '/error')).toBeNull();
    expect(keepAliveKey(undefined, '/error')).toBeNull();
  });

  it('keeps the home page mounted (hidden) while another page shows, and shows the same one again', async () => {
    const { router } = renderRoutes('/home');
    const home = await screen.findByTestId('home-page');
    home.setAttribute('data-marker', 'kept');
    await router.navigate('/error');
    await screen.findByTestId('not-found');
    // Still in the document, inside a hidden keep-alive container.
    expect(home.isConnected).toBe(true);
    expect(home.closest('[data-keep-alive]')).toHaveAttribute('hidden');
    await router.navigate('/home');
    await waitFor(() => expect(screen.getByTestId('home-page').closest('[data-keep-alive]')).not.toHaveAttribute('hidden'));
    expect(screen.getByTestId('home-page')).toBe(home);
    expect(home.getAttribute('data-marker')).toBe('kept');
  });

  it('restores the scroll position of a kept page', async () => {
    const { router } = renderRoutes('/home');
    await screen.findByTestId('home-page');
    Object.defineProperty(window, 'scrollY', { value: 640, configurable: true });
    await router.navigate('/error');
    await screen.findByTestId('not-found');
    Object.defineProperty(window, 'scrollY', { value: 0, configurable: true });
    vi.mocked(window.scrollTo).mockClear();
    await router.navigate('/home');
    await waitFor(() => expect(window.scrollTo).toHaveBeenLastCalledWith(0, 640));
  });

  it('keeps at most KEEP_ALIVE_LIMIT pages, dropping the least recently shown one', async () => {
    const { router } = renderRoutes('/home');
    await screen.findByTestId('home-page');
    const kept = () => [...document.querySelectorAll('[data-keep-alive]')].map((el) => el.getAttribute('data-keep-alive'));
    for (const path of ['/home/2', '/home/3', '/home/4', '/home/5']) {
      await router.navigate(path);
      await waitFor(() => expect(kept()).toContain(path));
    }
    expect(kept()).toHaveLength(KEEP_ALIVE_LIMIT);
    await router.navigate('/home'); // shown again: now the most recent
    await waitFor(() => expect(document.querySelector('[data-keep-alive="/home"]')).not.toHaveAttribute('hidden'));
    await router.navigate('/home/6');
    await waitFor(() => expect(kept()).toContain('/home/6'));
    expect(kept()).toHaveLength(KEEP_ALIVE_LIMIT);
    expect(kept()).not.toContain('/home/2');
    expect(kept()).toContain('/home');
  });

  it('does not keep ordinary pages', async () => {
    const { router } = renderRoutes('/error');
    const page = await screen.findByTestId('not-found');
    await router.navigate('/home');
    await screen.findByTestId('home-page');
    expect(page.isConnected).toBe(false);
  });
});
