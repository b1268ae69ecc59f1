// axe in an e2e page (WCAG 2.x A and AA), shared by the journeys that audit the pages they open
// (the back-office editors); the route-wide gate is tests/e2e/a11y-gate.test.ts.
import { readFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import type { Browser, Page } from 'playwright-core';
import { UI_TIMEOUT, VIEWPORT } from './browser';

const AXE_SOURCE = readFileSync(createRequire(import.meta.url).resolve('axe-core/axe.min.js'), 'utf8');

/** A page painted in a theme and language, with axe in every document. */
export async function variantPage(browser: Browser, theme: 'light' | 'dark', lang: 'zh' | 'en'): Promise<Page> {
  const context = await browser.newContext({ viewport: VIEWPORT, locale: 'zh-CN', serviceWorkers: 'block' });
  context.setDefaultTimeout(UI_TIMEOUT);
  await context.addInitScript((v: { theme: string; lang: string }) => {
    localStorage.setItem('portal.prefs', JSON.stringify({ theme: v.theme, fontSize: 'small' }));
    localStorage.setItem('portal.lang', v.lang);
  }, { theme, lang });
  await context.addInitScript({ content: AXE_SOURCE });
  return context.newPage();
}

/** Puts axe into a page opened otherwise (a journey's own page), for axeViolations. */
export async function addAxe(page: Page): Promise<void> {
  // Evaluated through the debugging protocol: the portal's CSP refuses an inline script tag.
  await page.evaluate(AXE_SOURCE);
}

/** axe's WCAG 2.x A and AA violations of the page, each as `rule: [first targets]`. */
export function axeViolations(page: Page): Promise<string[]> {
  return page.evaluate(async () => {
    const axe = (window as unknown as { axe: { run(ctx: Document, opts: object): Promise<{ violations: Array<{ id: string; nodes: Array<{ target: unknown }> }> }> } }).axe;
    const result = await axe.run(document, { runOnly: { type: 'tag', values: ['wcag2a', 'wcag2aa', 'wcag21a', 'wcag21aa'] }, resultTypes: ['violations'] });
    return result.violations.map((v) => `${v.id}: ${JSON.stringify(v.nodes.slice(0, 3).map((n) => n.target))}`);
  });
}
