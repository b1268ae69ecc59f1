// jsdom set-up for unit and component tests: jest-dom matchers and the browser APIs antd needs
// that jsdom lacks (matchMedia, ResizeObserver, scrollTo).
import '@testing-library/jest-dom/vitest';
import { cleanup, configure } from '@testing-library/react';
import { focusManager, onlineManager } from '@tanstack/react-query';
import { message, notification } from 'antd';
import { afterAll, afterEach, vi } from 'vitest';
import { settleEarlierImports } from './setup-imports';
import { removeLeftNodes } from './setup-page';

// Written for the unit project run without isolation (files one after another in shared workers:
// no new worker, jsdom and antd per file); today it is still isolated (vitest.config.ts; decisions.md,
// "npm test time, session 6", lists the leaks left). What a fresh worker gave each file is given here:
// - its own module graph: the modules an earlier file evaluated (with its vi.mock factories, or
//   without the mocks this file declares) and their state (stores, caches) are dropped, so this
//   file's imports evaluate afresh under its own mocks. Packages (react, antd) stay loaded.
await settleEarlierImports();
vi.resetModules();

// findBy*/waitFor wait up to 10 s (not the default 1 s): a full run on a 2-core CI machine loads
// lazy pages and antd slowly, and the first render of a file that goes through the page-route table
// took 5.4 s once on a loaded machine (shop-product.test.tsx). A bound on waiting, not a timing
// assertion; the tests' own timeouts (20 s) stay above it.
configure({ asyncUtilTimeout: 10_000 });

if (!window.matchMedia) {
  Object.defineProperty(window, 'matchMedia', {
    writable: true,
    configurable: true,
    value: (query: string): MediaQueryList => ({
      matches: false,
      media: query,
      onchange: null,
      addListener: () => undefined,
      removeListener: () => undefined,
      addEventListener: () => undefined,
      removeEventListener: () => undefined,
      dispatchEvent: () => false,
    }),
  });
}

if (!('ResizeObserver' in window)) {
  class ResizeObserverStub {
    observe(): void {}
    unobserve(): void {}
    disconnect(): void {}
  }
  Object.defineProperty(window, 'ResizeObserver', { writable: true, configurable: true, value: ResizeObserverStub });
  Object.defineProperty(globalThis, 'ResizeObserver', { writable: true, configurable: true, value: ResizeObserverStub });
}

// jsdom logs "Not implemented" for pseudo-element styles, which antd reads to measure scrollbars.
const computedStyle = window.getComputedStyle.bind(window);
window.getComputedStyle = ((element: Element) => computedStyle(element)) as typeof window.getComputedStyle;

// jsdom logs "Not implemented" for scrollTo; the router scrolls to the top on every navigation.
window.scrollTo = vi.fn() as unknown as typeof window.scrollTo;

afterEach(() => {
  cleanup();
  localStorage.clear();
  sessionStorage.clear();
});

// - a blank page: what the file left in the document (portals such as modals and image viewers, the
//   <html> attributes a theme or language sets, the address) and in the globals is undone after its
//   last test. <head> keeps antd's injected styles, which antd's style cache (loaded once) relies on.
const pristine = ((globalThis as { __pristinePage?: { href: string; html: [string, string][]; documentKeys: Set<string> } }).__pristinePage ??= {
  href: window.location.href,
  html: [...document.documentElement.attributes].map((a): [string, string] => [a.name, a.value]),
  documentKeys: new Set(Object.getOwnPropertyNames(document)),
});
afterAll(async () => {
  // A module import the file started (a lazy chunk: React.lazy, the feedback holder) must finish
  // before the next file resets the module graph: one still evaluating then would land in the next
  // file's graph with this file's modules bound in (the next file's toasts went to this file's
  // feedback queue and never showed).
  await vi.dynamicImportSettled();
  cleanup();
  vi.useRealTimers();
  // Spies (document.visibilityState, hasFocus, navigator.onLine) and properties a file defined on
  // the document (`hidden`) end with it: left behind, the page looked hidden to every later file,
  // and TanStack Query (loaded once per worker) paused every retry of a hidden, unfocused page.
  vi.restoreAllMocks();
  for (const key of Object.getOwnPropertyNames(document)) {
    if (!pristine.documentKeys.has(key)) Reflect.deleteProperty(document, key);
  }
  focusManager.setFocused(undefined);
  onlineManager.setOnline(true);
  vi.unstubAllGlobals();
  vi.unstubAllEnvs();
  // antd's static message and notification render into <body> from a root that outlives the file
  // (antd is loaded once per worker): their toasts are closed, their containers left to that root.
  message.destroy();
  notification.destroy();
  removeLeftNodes();
  for (const { name } of [...document.body.attributes]) document.body.removeAttribute(name);
  for (const { name } of [...document.documentElement.attributes]) document.documentElement.removeAttribute(name);
  for (const [name, value] of pristine.html) document.documentElement.setAttribute(name, value);
  document.title = '';
  if (window.location.href !== pristine.href) window.history.replaceState(null, '', pristine.href);
  localStorage.clear();
  sessionStorage.clear();
  // Cookies live in the worker's one jsdom too (the auth cookie sign-in sets): a fresh worker had none.
  for (const cookie of document.cookie.split(';')) {
    const name = cookie.split('=')[0]!.trim();
    if (name) document.cookie = `${name}=; max-age=0; path=/`;
  }
});
