// The server render's worker (built by vite.ssr.config.ts to <dist>-ssr/worker.js, started by
// server/plugins/ssr-home.ts). The app's modules read the browser's globals (window, storage, the
// document) as they load and render, so they run over one jsdom document of their own here, in a
// worker thread: those globals never reach the API server's own thread, and a render's CPU time
// does not hold up its requests. Renders run one at a time: the app's stores are module state.
// @ts-expect-error jsdom ships no type declarations (see JsdomModule).
import { JSDOM as JsdomClass } from 'jsdom';
import { parentPort } from 'node:worker_threads';
import type { RenderWorkerMessage, RenderWorkerRequest } from '../../schemas/home-markup';

/** The one part of jsdom used here (it ships no types, and @types/jsdom is not a dependency). */
type JsdomModule = { JSDOM: new (html: string, options: { url: string }) => { window: Window & typeof globalThis; reconfigure(settings: { url: string }): void } };
const JSDOM = JsdomClass as JsdomModule['JSDOM'];

const dom = new JSDOM('<!doctype html><html lang="zh-CN"><head></head><body></body></html>', { url: 'http://portal.invalid/study/home' });
const win = dom.window;
const define = (name: string, value: unknown) => Object.defineProperty(globalThis, name, { value, writable: true, configurable: true });
for (const name of ['window', 'document', 'navigator', 'location', 'history', 'localStorage', 'sessionStorage', 'HTMLElement', 'Element', 'Node', 'DocumentFragment', 'getComputedStyle', 'CustomEvent', 'Event', 'MutationObserver']) {
  define(name, name === 'window' ? win : (win as unknown as Record<string, unknown>)[name]);
}
const noop = () => undefined;
const matchMedia = (media: string) => ({ matches: false, media, onchange: null, addListener: noop, removeListener: noop, addEventListener: noop, removeEventListener: noop, dispatchEvent: () => false });
class ObserverStub {
  observe(): void {}
  unobserve(): void {}
  disconnect(): void {}
  takeRecords(): [] {
    return [];
  }
}
for (const [name, value] of Object.entries({ matchMedia, ResizeObserver: ObserverStub, IntersectionObserver: ObserverStub, scrollTo: noop, requestAnimationFrame: (f: () => void) => setTimeout(f, 16), cancelAnimationFrame: clearTimeout })) {
  Object.defineProperty(win, name, { value, writable: true, configurable: true });
  define(name, value);
}
/** Moves the document to a request's address (render-home.tsx resetPage). */
define('__portalSetUrl', (url: string) => dom.reconfigure({ url }));

const { renderHome } = await import('./render-home');

let queue: Promise<unknown> = Promise.resolve();
parentPort?.on('message', (request: RenderWorkerRequest) => {
  queue = queue.then(async () => {
    let reply: RenderWorkerMessage;
    try {
      reply = { id: request.id, result: await renderHome(request.input) };
    } catch (error) {
      reply = { id: request.id, error: error instanceof Error ? `${error.message}\n${error.stack ?? ''}` : String(error) };
    }
    parentPort?.postMessage(reply);
  });
});
parentPort?.postMessage({ ready: true } satisfies RenderWorkerMessage);
