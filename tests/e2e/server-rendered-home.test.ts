import { readFileSync } from 'node:fs';
import { describe, expect, inject } from 'vitest';
import { HOME_MARKUP_ELEMENT_ID } from '../../schemas/home-markup';
import { embeddedBlockData } from '../support/embedded-json';
import { saveScreenshot, test, UI_TIMEOUT } from './browser';

// A guest's home from its HTML (issue 15 point 3; schemas/home-markup.ts): the server renders demo's
// home with the real render worker (<dist>-ssr/worker.js, built from src/ssr/), the HTML's check
// shows it to a guest, and the app's first commit replaces it with the app's own page.

const baseUrl = inject('baseUrl');
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
async function renderedHtml(): Promise<string> {
  let html = '';
  await expect.poll(async () => {
    html = await (await fetch(`${baseUrl}/study/home`, { headers: { accept: 'text/html' } })).text();
    return html.includes(`<template id="${HOME_MARKUP_ELEMENT_ID}"`);
  }, { timeout: 60_000, interval: 250 }).toBe(true);
  return html;
}

const markupBlocks = '#root[data-server-markup] > div[inert] .rt-page > [data-block-id]';

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

  test("is replaced by the app's page, which then responds, with nothing refused by the CSP", async ({ page }) => {
    await renderedHtml();
    const printed: string[] = [];
    page.on('console', (message) => { printed.push(message.text()); });
    await page.goto(`${baseUrl}/study/home`);
    const ids = demoGuestBlocks();
    // The markup showed (the root says so) and is gone: the blocks now are the app's.
    await expect.poll(() => page.locator('#root > div[inert]').count(), poll).toBe(0);
    expect(await page.locator('#root').getAttribute('data-server-markup')).toBe('');
    await expect.poll(() => page.locator('.rt-page > [data-block-id]').count(), poll).toBe(ids.length);
    // The app responds: a navbar link is a client-side navigation (the window's state survives it).
    await page.evaluate(() => { (window as unknown as { __samePage: boolean }).__samePage = true; });
    await page.getByRole('navigation').getByRole('link', { name: '课程', exact: true }).click();
    await expect.poll(() => new URL(page.url()).pathname, poll).not.toBe('/study/home');
    expect(await page.evaluate(() => (window as unknown as { __samePage?: boolean }).__samePage)).toBe(true);
    const refused = printed.filter((line) => /Content Security Policy|Refused to/i.test(line));
    expect(refused).toEqual([]);
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
