// The guest's home as markup in its HTML (issue 15 point 3; schemas/home-markup.ts). A worker thread
// runs the app's server render, built by vite.ssr.config.ts into <dist>-ssr/worker.js: the server
// loads that file by path and never imports src/ (DESIGN "Dependency direction"). Renders are keyed
// by everything they read (the address, the tenant's answers and the blocks' answers), so an answer
// that changes renders anew, and kept per API node. Whatever goes wrong (no build of the worker, a
// crash, a slow render) sends the page without markup, and the client paints as before.
import { createHash } from 'node:crypto';
import { existsSync } from 'node:fs';
import { resolve } from 'node:path';
import { Worker } from 'node:worker_threads';
import type { FastifyBaseLogger } from 'fastify';
import { LRUCache } from 'lru-cache';
import {
  HOME_MARKUP_CHECK, HOME_MARKUP_ELEMENT_ID, type RenderHomeInput, type RenderedHome, type RenderWorkerMessage, type RenderWorkerRequest,
} from '../../schemas/home-markup';

/** How long a page waits for its render before it goes out without the markup (a render takes ~100 ms here). */
export const RENDER_TIMEOUT_MS = 1500;
/** Renders kept per node (each ~60 KB for demo's home), and how long. */
export const RENDER_CACHE_ENTRIES = 200;
export const RENDER_CACHE_TTL_MS = 5 * 60_000;
/** How long after a worker's crash the next one starts. */
const RESTART_AFTER_MS = 5_000;

/** The CSP source that lets the inline check run (server/plugins/security-headers.ts). */
export const HOME_MARKUP_CHECK_SOURCE = `'sha256-${createHash('sha256').update(HOME_MARKUP_CHECK).digest('base64')}'`;

/** The worker file of a build: <distDir>-ssr/worker.js beside the browser build. */
export function ssrWorkerFile(distDir: string): string {
  return `${resolve(distDir)}-ssr/worker.js`;
}

export interface HomeRenderer {
  /** Settles when the first worker has loaded the app (true) or failed to (false). */
  ready: Promise<boolean>;
  /** The rendered home for this input, or null (no markup: the reason is logged). */
  render(input: RenderHomeInput): Promise<RenderedHome | null>;
  /** Stops the worker (the server's close). */
  close(): Promise<void>;
}

/** A render asked of the worker: its cache key, and the page waiting for it (none once that page went out without it). */
type Pending = { key: string; resolve?: (value: RenderedHome | null) => void; timer?: NodeJS.Timeout };

/**
 * Starts the render worker of `workerFile`; null when there is no such file (a server run from
 * source without `npm run build`). The worker loads the app in ~2 s (`ready`); pages asked before
 * that, or while a crashed worker restarts, go out without markup rather than wait.
 */
export function startHomeRenderer(opts: { workerFile: string; log: FastifyBaseLogger; timeoutMs?: number; restartAfterMs?: number }): HomeRenderer | null {
  const { workerFile, log } = opts;
  const timeoutMs = opts.timeoutMs ?? RENDER_TIMEOUT_MS;
  const restartAfterMs = opts.restartAfterMs ?? RESTART_AFTER_MS;
  if (!existsSync(workerFile)) {
    log.info(`No server render at ${workerFile} ("npm run build" makes it); homes go out without markup.`);
    return null;
  }
  const cache = new LRUCache<string, { home: RenderedHome | null }>({ max: RENDER_CACHE_ENTRIES, ttl: RENDER_CACHE_TTL_MS });
  const inFlight = new Map<string, Promise<RenderedHome | null>>();
  const pending = new Map<number, Pending>();
  let worker: Worker | null = null;
  let loaded = false;
  let closed = false;
  let nextId = 1;
  let restartAt = 0;
  let firstReady: (loaded: boolean) => void = () => undefined;
  const ready = new Promise<boolean>((resolve) => {
    firstReady = resolve;
  });

  const settleAll = () => {
    for (const [id, entry] of pending) {
      clearTimeout(entry.timer);
      entry.resolve?.(null);
      pending.delete(id);
    }
  };
  /** Keeps what the worker answered, even after its page went out without it (a render that ran late). */
  const keep = (entry: Pending, home: RenderedHome | null) => {
    cache.set(entry.key, { home });
    clearTimeout(entry.timer);
    entry.resolve?.(home);
  };
  const spawn = () => {
    loaded = false;
    const started = new Worker(workerFile);
    worker = started;
    started.on('message', (message: RenderWorkerMessage) => {
      if ('ready' in message) {
        loaded = true;
        firstReady(true);
        return;
      }
      const entry = pending.get(message.id);
      if (!entry) return;
      pending.delete(message.id);
      // A failure or a refusal is kept too: the same answers would fail or be refused again.
      if ('error' in message) {
        log.warn(`The server render of a home failed; the page goes out without markup. ${message.error}`);
        keep(entry, null);
      } else if ('skipped' in message.result) {
        log.info(`A home was not rendered on the server: ${message.result.skipped}.`);
        keep(entry, null);
      } else {
        keep(entry, message.result);
      }
    });
    started.on('error', (error) => log.error({ err: error }, 'The server render worker failed; homes go out without markup until it restarts.'));
    started.on('exit', (code) => {
      if (worker !== started) return;
      worker = null;
      loaded = false;
      firstReady(false);
      settleAll();
      if (!closed) {
        restartAt = Date.now() + restartAfterMs;
        log.warn(`The server render worker exited (code ${code}); a new one starts with a page asked after ${restartAfterMs} ms.`);
      }
    });
  };
  spawn();

  /** The worker's render of `input`, or null after `timeoutMs` (the render goes on and is kept when it comes: keep). */
  const ask = (key: string, input: RenderHomeInput): Promise<RenderedHome | null> => new Promise((resolveRender) => {
    const id = nextId++;
    const entry: Pending = { key, resolve: resolveRender };
    entry.timer = setTimeout(() => {
      entry.resolve = undefined;
      log.warn(`The server render of ${input.url} took over ${timeoutMs} ms; the page goes out without markup.`);
      resolveRender(null);
    }, timeoutMs);
    pending.set(id, entry);
    worker!.postMessage({ id, input } satisfies RenderWorkerRequest);
  });

  return {
    ready,
    async render(input) {
      const key = createHash('sha256').update(JSON.stringify(input)).digest('base64');
      const hit = cache.get(key);
      if (hit) return hit.home;
      const running = inFlight.get(key);
      if (running) return running;
      if (!worker && !closed && Date.now() >= restartAt) spawn();
      if (!worker || !loaded) return null;
      const work = ask(key, input).finally(() => inFlight.delete(key));
      inFlight.set(key, work);
      return work;
    },
    async close() {
      closed = true;
      firstReady(false);
      settleAll();
      const stopping = worker;
      worker = null;
      await stopping?.terminate();
    },
  };
}

/**
 * True for the one address a guest's home is rendered for: /study/home, without a query. The check
 * shows no markup on an address with a query (schemas/home-markup.ts), and the render does not reach
 * the runtime page at /home/{id} or at /study (which leads to /home) yet (docs/decisions.md
 * "Session 19"); rendering those would cost the worker a render per distinct address for nothing.
 */
export function renderedAddress(url: string): boolean {
  return url === '/study/home' || url === '/study/home/';
}

/** True when the request carries the sign-in cookie: the markup is a guest's, so it is not sent. */
export function signedInRequest(cookieHeader: string | undefined): boolean {
  return /(?:^|;\s*)pctoken=[^;]/.test(cookieHeader ?? '');
}

const attr = (value: string) => value.replace(/&/g, '&amp;').replace(/"/g, '&quot;').replace(/</g, '&lt;');

/** The <template> with the rendered home and the inline check that shows it to a guest (schemas/home-markup.ts). */
export function homeMarkupElements(home: RenderedHome, tenantId: number): string {
  return `<template id="${HOME_MARKUP_ELEMENT_ID}" data-tenant="${tenantId}" data-root-style="${attr(home.rootStyle)}" data-color-style="${home.colorStyle}">${home.styles}${home.markup}</template>`
    + `<script type="module" async>${HOME_MARKUP_CHECK}</script>`;
}
