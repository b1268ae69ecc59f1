// A guest's home as server-rendered markup in its HTML (server/plugins/ssr-home.ts). The render
// worker here is a stand-in written by the test (the real one, built from src/ssr/, is exercised by
// tests/e2e/server-rendered-home.test.ts): what the server does with its answers, its silence, its
// refusals and its crash, and that the page always goes out.
import { createHash } from 'node:crypto';
import { mkdirSync, mkdtempSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import type { FastifyBaseLogger } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { HOME_MARKUP_CHECK, HOME_MARKUP_ELEMENT_ID } from '../../schemas/home-markup';
import { RENDER_TIMEOUT_MS, startHomeRenderer } from '../../server/plugins/ssr-home';
import { BUILT_INDEX_HTML } from '../support/built-index';
import { createTestApp, type TestApp } from './harness';

/**
 * The stand-in worker, by the address's host (any IP names the default tenant, demo): 127.0.0.2 it
 * refuses, 127.0.0.3 it never answers, 127.0.0.4 it answers after 2 s; "crash" makes it exit.
 * Otherwise it answers a page that names the address and counts its renders.
 */
const WORKER = `
const { parentPort } = require('node:worker_threads');
let renders = 0;
parentPort.on('message', ({ id, input }) => {
  if (input.url.includes('crash')) process.exit(3);
  if (input.url.includes('//127.0.0.3')) return;
  if (input.url.includes('//127.0.0.2')) return parentPort.postMessage({ id, result: { skipped: 'a block is not finished' } });
  const later = input.url.includes('//127.0.0.4') ? 2000 : 0;
  renders += 1;
  const data = JSON.parse(input.blockDataJson);
  setTimeout(() => parentPort.postMessage({ id, result: {
    markup: '<div class="portal-app"><div class="rt-page" data-render="' + renders + '" data-url="' + input.url + '" data-answers="' + Object.keys(data.answers).length + '"></div></div>',
    styles: '', rootStyle: '--portal-primary:#123456', colorStyle: 'light',
  } }), later);
});
parentPort.postMessage({ ready: true });
`;

function distWithWorker(): string {
  const dist = join(mkdtempSync(join(tmpdir(), 'ssr-home-')), 'dist');
  mkdirSync(dist);
  writeFileSync(join(dist, 'index.html'), BUILT_INDEX_HTML);
  mkdirSync(`${dist}-ssr`);
  writeFileSync(join(`${dist}-ssr`, 'worker.js'), WORKER);
  return dist;
}

const silentLog = { info: () => undefined, warn: () => undefined, error: () => undefined } as unknown as FastifyBaseLogger;

/** Waits until the stand-in worker has said it is ready (the renderer answers null before). */
async function untilReady(render: () => Promise<unknown>): Promise<void> {
  for (let i = 0; i < 100 && (await render()) === null; i += 1) await new Promise((r) => setTimeout(r, 50));
}

let t: TestApp;

beforeAll(async () => {
  t = await createTestApp({ distDir: distWithWorker() });
  await untilReady(async () => (await page()).markup);
});

afterAll(async () => {
  await t?.close();
});

async function page(url = '/study/home', headers: Record<string, string> = {}, host = '127.0.0.1') {
  const res = await t.app.inject({ method: 'GET', url, headers: { host, ...headers } });
  const markup = new RegExp(`<template id="${HOME_MARKUP_ELEMENT_ID}" data-tenant="(\\d+)"[^>]*>([\\s\\S]*?)</template>`).exec(res.body);
  return { res, tenant: markup ? Number(markup[1]) : null, markup: markup?.[2] ?? null };
}

describe("a guest's home in its HTML", () => {
  it("carries the worker's render of the address, from the blocks' answers, with the check the CSP lets run", async () => {
    const { res, tenant, markup } = await page();
    expect(res.statusCode).toBe(200);
    expect(tenant).toBe(1001);
    expect(markup).toContain('data-url="http://127.0.0.1/study/home"');
    expect(Number(/data-answers="(\d+)"/.exec(markup!)?.[1])).toBeGreaterThan(0);
    // The check is the one inline script, after the template, and its hash is in script-src.
    expect(res.body).toContain(`<script type="module" async>${HOME_MARKUP_CHECK}</script>`);
    const hash = createHash('sha256').update(HOME_MARKUP_CHECK).digest('base64');
    expect(String(res.headers['content-security-policy'])).toMatch(new RegExp(`script-src 'self' 'sha256-${hash.replace(/[+/]/g, '\\$&')}'`));
  });

  it('renders the same answers once (the node keeps the render)', async () => {
    const first = /data-render="(\d+)"/.exec((await page()).markup!)?.[1];
    const again = /data-render="(\d+)"/.exec((await page()).markup!)?.[1];
    expect(again).toBe(first);
  });

  it('sends no markup with the sign-in cookie, for an address with a query, nor for a page that is not a runtime page', async () => {
    expect((await page('/study/home', { cookie: 'a=1; pctoken=abc' })).markup).toBeNull();
    // The browser's check would not show it (a query may change the page: privacy, SSO, hideNavbar).
    const withQuery = await page('/study/home?hideNavbar=true');
    expect(withQuery.res.body).toContain('</html>');
    expect(withQuery.markup).toBeNull();
    const login = await page('/study/login');
    expect(login.res.statusCode).toBe(200);
    expect(login.markup).toBeNull();
    expect(login.res.body).not.toContain(HOME_MARKUP_CHECK);
  });

  it('sends the page without markup when the render says it cannot finish the page', async () => {
    const { res, markup } = await page('/study/home', {}, '127.0.0.2');
    expect(res.statusCode).toBe(200);
    expect(res.body).toContain('</html>');
    expect(markup).toBeNull();
  });

  it(`sends the page without markup when the render takes over ${RENDER_TIMEOUT_MS} ms`, async () => {
    const { res, markup } = await page('/study/home', {}, '127.0.0.3');
    expect(res.body).toContain('</html>');
    expect(markup).toBeNull();
  });

  it('keeps a render that came after its page had gone, for the next page', async () => {
    expect((await page('/study/home', {}, '127.0.0.4')).markup).toBeNull();
    await new Promise((resolve) => setTimeout(resolve, 2_500));
    expect((await page('/study/home', {}, '127.0.0.4')).markup).toContain('data-url="http://127.0.0.4/study/home"');
  });
});

describe('the render worker', () => {
  const input = (url: string) => ({ url, defaultTenant: 'demo', bootstrapJson: '{}', blockDataJson: '{"answers":{"a":1}}' });

  it('is not started without a build of it: every page goes out without markup', async () => {
    expect(startHomeRenderer({ workerFile: join(tmpdir(), 'no-such-dir-ssr', 'worker.js'), log: silentLog })).toBeNull();
  });

  it('starts again after a crash, and what was asked meanwhile goes without markup', async () => {
    const dist = distWithWorker();
    const renderer = startHomeRenderer({ workerFile: join(`${dist}-ssr`, 'worker.js'), log: silentLog, restartAfterMs: 200 })!;
    try {
      await untilReady(() => renderer.render(input('http://h/study/home?warm')));
      expect(await renderer.render(input('http://h/study/home?crash'))).toBeNull();
      expect(await renderer.render(input('http://h/study/home?meanwhile'))).toBeNull();
      await new Promise((r) => setTimeout(r, 250));
      let home = null;
      for (let i = 0; i < 100 && !home; i += 1) {
        home = await renderer.render(input(`http://h/study/home?after-${i}`));
        if (!home) await new Promise((r) => setTimeout(r, 50));
      }
      expect(home?.markup).toContain('data-render="1"');
    } finally {
      await renderer.close();
    }
  });
});
