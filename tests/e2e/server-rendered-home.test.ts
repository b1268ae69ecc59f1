import { readFileSync } from 'node:fs';
import { describe, expect, inject } from 'vitest';
import { HOME_MARKUP_ELEMENT_ID, HYDRATION_MISMATCH_WARNING } from '../../schemas/home-markup';
import { embeddedBlockData } from '../support/embedded-json';
import { saveScreenshot, test, UI_TIMEOUT } from './browser';

// A guest's home from its HTML (issue 15 point 3; schemas/home-markup.ts): the server renders demo's
// home with the real render worker (<dist>-ssr/worker.js, built from src/ssr/), the HTML's check
// shows it to a guest, and the app hydrates it: the same nodes become the app's page.

const baseUrl = inject('baseUrl');
const port = inject('port');
const poll = { timeout: UI_TIMEOUT, interval: 100 };

/** Ids of the top-level blocks demo's home shows a guest (templates/pages, as runtime-home.test.ts reads them). */
function demoGuestBlocks(): string[] {
  const tenant = JSON.parse(readFileSync(new URL('../../templates/tenants/demo.json', import.meta.url), 'utf8')) as { pages: { pageCode: string; templateFile?: string }[] };
  const file = tenant.pages.find((p) => p.pageCode === 'demo_home')!.templateFile!;
  const template = JSON.parse(readFileSync(new URL(`../../templates/pages/${file}`, import.meta.url), 'utf8')) as { blocks: { id: string; condition?: { audience?: string | string[] } }[] };
  return template.blocks.filter((b) => {
    const audience = b.condition?.audience;
    return audience === undefined || (Array.isArray(audience) ? audience.includes('guest') : audience === 'guest');
  }).map((b) => b.id);
}

/**
 * The HTML of demo's home once it carries the markup. The worker loads the app when the server
 * starts and a render is kept per answers; until then a page goes out without it, so this asks
 * until one does (which also leaves the render cached for the load that follows).
 */
async function renderedHtml(origin = baseUrl): Promise<string> {
  let html = '';
  await expect.poll(async () => {
    html = await (await fetch(`${origin}/study/home`, { headers: { accept: 'text/html' } })).text();
    return html.includes(`<template id="${HOME_MARKUP_ELEMENT_ID}"`);
  }, { timeout: 30_000, interval: 250, message: `${origin}/study/home never carried the server's markup` }).toBe(true);
  return html;
}

const markupBlocks = '#root[data-server-markup] > .portal-app .rt-page > [data-block-id]';

describe("a guest's home from its HTML", () => {
  test("shows demo's blocks with their rows before the app's code has run", async ({ page }) => {
    const html = await renderedHtml();
    // The first course title the HTML's answers carry, which the course list shows.
    const answers = Object.entries(embeddedBlockData(html)?.answers ?? {}) as [string, { list?: { title: string }[] }][];
    const title = answers.find(([key]) => key.startsWith('/cm/api/course/search'))?.[1].list?.[0]?.title;
    expect(title, "the HTML carries the course list's answer").toBeDefined();
    await page.route(/\/study\/assets\/.*\.js$/, (route) => route.abort());
    await page.goto(`${baseUrl}/study/home`);
    const ids = demoGuestBlocks();
    await expect.poll(() => page.locator(markupBlocks).count(), poll).toBe(ids.length);
    for (const id of ids) expect(await page.locator(`${markupBlocks.replace('[data-block-id]', `[data-block-id="${id}"]`)}`).count()).toBe(1);
    await expect.poll(() => page.locator('[data-block-type="course-list"]').first().innerText(), poll).toContain(title!);
    // The pictures get their address back once the blocks have painted.
    await expect.poll(() => page.locator('#root img[src^="/uploads/"]').count(), poll).toBeGreaterThan(0);
    // The tenant's colours are on <html>, as the app puts them.
    expect(await page.evaluate(() => document.documentElement.style.getPropertyValue('--portal-primary'))).not.toBe('');
    await saveScreenshot(page, 'server-rendered-home-no-js');
  });

  test('is hydrated by the app, whose page then responds, with nothing refused by the CSP', async ({ page }) => {
    // First acme's home, whose default language is English: the render worker keeps the app's
    // texts and stores between pages, and once rendered demo in English after it (React #418 in the
    // browser). Then demo's home under another host (localhost, whose default tenant is demo too):
    // renders are kept per address, so this one is rendered after acme's.
    await page.goto(`http://acme.localhost:${port}/study/home`);
    const origin = `http://localhost:${port}`;
    await renderedHtml(origin);
    const printed: string[] = [];
    page.on('console', (message) => { printed.push(message.text()); });
    // The runtime page's element as the markup brought it, before any of the app's code ran.
    await page.addInitScript(() => {
      new MutationObserver((_changes, observer) => {
        const first = document.querySelector('.rt-page');
        if (first) {
          (window as unknown as { __markupPage: Element }).__markupPage = first;
          observer.disconnect();
        }
      }).observe(document, { subtree: true, childList: true });
    });
    await page.goto(`${origin}/study/home`);
    const ids = demoGuestBlocks();
    expect(await page.locator('#root').getAttribute('data-server-markup')).toBe('');
    // Hydrated: the markup's element is the app's (React's fiber is on it), not replaced.
    await expect.poll(() => page.evaluate(() => {
      const now = document.querySelector('.rt-page');
      return now !== null && now === (window as unknown as { __markupPage?: Element }).__markupPage && Object.keys(now).some((key) => key.startsWith('__reactFiber'));
    }), poll).toBe(true);
    expect(await page.locator('.rt-page > [data-block-id]').count()).toBe(ids.length);
    expect(printed.filter((line) => line.includes(HYDRATION_MISMATCH_WARNING) || /Minified React error #4(18|19|20|21|22|23|25)/.test(line))).toEqual([]);
    // The app responds: a navbar link is a client-side navigation (the window's state survives it).
    await page.evaluate(() => { (window as unknown as { __samePage: boolean }).__samePage = true; });
    await page.getByRole('navigation').getByRole('link', { name: '课程', exact: true }).click();
    await expect.poll(() => new URL(page.url()).pathname, poll).not.toBe('/study/home');
    expect(await page.evaluate(() => (window as unknown as { __samePage?: boolean }).__samePage)).toBe(true);
    expect(printed.filter((line) => /Content Security Policy|Refused to/i.test(line))).toEqual([]);
  });

  test("is not shown to a browser that is signed in (the page is a guest's)", async ({ page }) => {
    await renderedHtml();
    await page.addInitScript(() => localStorage.setItem('portal.userData.1001', JSON.stringify({ userId: 1, token: 'expired' })));
    const html = await (await page.goto(`${baseUrl}/study/home`))!.text();
    expect(html, 'the page carries the markup; the browser leaves it out').toContain(`<template id="${HOME_MARKUP_ELEMENT_ID}"`);
    await expect.poll(() => page.locator('.rt-page').count(), poll).toBeGreaterThan(0);
    expect(await page.locator('#root').getAttribute('data-server-markup')).toBeNull();
  });
});
