import { readFileSync } from 'node:fs';
import type { Browser, Page } from 'playwright-core';
import { describe, expect, inject } from 'vitest';
import { saveScreenshot, test, UI_TIMEOUT } from './browser';

// Issue 13 points 6-8, in Chromium against the built app and a real server: signed in on demo's
// home (its eight menus, the home-page switcher, the bell and the user menu), the navbar keeps one
// row inside the window at 1280 px (spec shell §9's minimum width) and 1440 px, in Chinese and in
// English, at the largest font size (22 px); in the dark style the navbar, the footer and the
// navbar's dropdowns paint dark.

const baseUrl = inject('baseUrl');
const poll = { timeout: UI_TIMEOUT, interval: 100 };

interface TenantFile {
  navigateList: { title: string; parentId?: number | null }[];
}

const demo = JSON.parse(readFileSync(new URL('../../templates/tenants/demo.json', import.meta.url), 'utf8')) as TenantFile;
const demoTopMenus = demo.navigateList.filter((menu) => menu.parentId == null).map((menu) => menu.title);

type Language = 'zh' | 'en';
type FontSize = 'small' | 'large';

/** A fresh context at `width` with the visitor's language, colour style and font size stored. */
async function openAt(browser: Browser, width: number, prefs: { language: Language; theme: 'light' | 'dark'; fontSize: FontSize }): Promise<Page> {
  const context = await browser.newContext({ viewport: { width, height: 900 }, locale: 'zh-CN', serviceWorkers: 'block' });
  context.setDefaultTimeout(UI_TIMEOUT);
  await context.addInitScript(({ language, theme, fontSize }) => {
    localStorage.setItem('portal.lang', language);
    localStorage.setItem('portal.prefs', JSON.stringify({ theme, fontSize }));
  }, prefs);
  return context.newPage();
}

/** Signs the demo learner in and opens the home page (where the switcher shows). */
async function signInAtHome(page: Page): Promise<void> {
  await page.goto(`${baseUrl}/study/login`);
  await page.getByTestId('login-account').fill('learner');
  await page.getByTestId('login-password').fill('Study@2026');
  await page.getByTestId('login-submit').click();
  await page.getByTestId('user-menu').waitFor();
  await page.goto(`${baseUrl}/study/home`);
  await page.getByTestId('home-switcher').waitFor();
  await page.getByTestId('user-menu').waitFor();
  // The page's web fonts and images have settled, so the boxes are final.
  await page.evaluate(() => document.fonts.ready);
}


/** The boxes of every navbar item a user sees, left to right, and the window's and row's widths. */
function navbarBoxes(page: Page) {
  return page.evaluate(() => {
    const selectors = [
      '[data-testid="navbar-logo"]',
      '[data-testid="navbar-app-name"]',
      '[data-testid="home-switcher"]',
      '[data-testid="navbar-menu"]',
      '[data-testid="navbar-more"]',
      '[data-testid="navbar"] form[role="search"]',
      '[data-testid="navbar-news"]',
      '[data-testid="preferences-menu"]',
      '[data-testid="user-menu"]',
    ];
    const boxes = selectors
      .flatMap((selector) => Array.from(document.querySelectorAll<HTMLElement>(selector)))
      .filter((el) => el.getClientRects().length > 0)
      .map((el) => {
        const r = el.getBoundingClientRect();
        return { name: (el.dataset.testid ?? el.tagName) + ':' + (el.textContent ?? '').trim().slice(0, 12), left: r.left, right: r.right, top: r.top, bottom: r.bottom };
      })
      .sort((a, b) => a.left - b.left);
    const row = document.querySelector('.portal-navbar__menus')!.getBoundingClientRect();
    const navbar = document.querySelector('[data-testid="navbar"]')!.getBoundingClientRect();
    const switcherText = document.querySelector('[data-testid="home-switcher"] > span') as HTMLElement;
    const userArrow = document.querySelector('[data-testid="user-menu"] .anticon-down')!.getBoundingClientRect();
    return {
      boxes,
      viewport: document.documentElement.clientWidth,
      rowRight: row.right,
      navbarHeight: navbar.height,
      switcherClipped: switcherText.scrollWidth > switcherText.clientWidth,
      userArrowRight: userArrow.right,
    };
  });
}

/** Every item within the window, none over another, all on one row; menus not cut by the row. */
function expectOneRow(measured: Awaited<ReturnType<typeof navbarBoxes>>): void {
  const { boxes, viewport } = measured;
  expect(boxes.length).toBeGreaterThan(8);
  for (const box of boxes) {
    expect(box.left, `${box.name} starts left of the window`).toBeGreaterThanOrEqual(8);
    expect(box.right, `${box.name} ends right of the window (${viewport})`).toBeLessThanOrEqual(viewport - 8);
  }
  for (let i = 1; i < boxes.length; i += 1) {
    const [a, b] = [boxes[i - 1]!, boxes[i]!];
    expect(a.right, `${a.name} runs into ${b.name}`).toBeLessThanOrEqual(b.left + 0.5);
  }
  // One row: every item shares a horizontal band with every other.
  const lowestTop = Math.max(...boxes.map((box) => box.top));
  const highestBottom = Math.min(...boxes.map((box) => box.bottom));
  expect(lowestTop, boxes.map((b) => `${b.name} ${Math.round(b.top)}-${Math.round(b.bottom)}`).join(', ')).toBeLessThan(highestBottom);
  for (const menu of boxes.filter((box) => box.name.startsWith('navbar-menu') || box.name.startsWith('navbar-more'))) {
    expect(menu.right, `${menu.name} is cut off by the menu row`).toBeLessThanOrEqual(measured.rowRight + 0.5);
  }
  expect(measured.switcherClipped, 'the switcher label is cut short').toBe(false);
  expect(measured.userArrowRight).toBeLessThanOrEqual(viewport - 8);
  expect(measured.navbarHeight).toBeLessThan(100);
}

/** Opens the dropdown a button leads to by hovering it (a click where hover is not enough). */
async function openDropdown(page: Page, testId: string, itemSelector: string): Promise<void> {
  const trigger = page.getByTestId(testId);
  const item = page.locator(itemSelector).first();
  await trigger.hover();
  await item.waitFor({ state: 'visible' }).catch(async () => {
    await trigger.click();
    await item.waitFor({ state: 'visible' });
  });
}

/** The titles of the menus in the row and in 更多, in order. */
async function allMenuTitles(page: Page): Promise<string[]> {
  const inRow = (await page.getByTestId('navbar-menu').allInnerTexts()).map((t) => t.trim());
  if ((await page.getByTestId('navbar-more').count()) === 0) return inRow;
  await openDropdown(page, 'navbar-more', '[data-testid="navbar-more-item"]');
  const inMore = (await page.getByTestId('navbar-more-item').allInnerTexts()).map((t) => t.trim());
  await page.mouse.move(0, 600);
  return [...inRow, ...inMore];
}

describe('navbar on one row (issue 13 point 6)', () => {
  for (const width of [1280, 1440]) {
    for (const language of ['zh', 'en'] as const) {
      for (const fontSize of ['small', 'large'] as const) {
        test(`signed in on demo's home at ${width} px, ${language}, font ${fontSize === 'large' ? 22 : 14}: every item inside the window on one row, every menu reachable`, async ({ browser }) => {
          const page = await openAt(browser, width, { language, theme: 'light', fontSize });
          try {
            await signInAtHome(page);
            await expect.poll(() => page.getByTestId('navbar-login').count(), poll).toBe(0);
            expectOneRow(await navbarBoxes(page));
            // Nothing is lost: the menus not in the row are under 更多 / More, in order.
            expect(await allMenuTitles(page)).toEqual(demoTopMenus);
            if (language === 'en') expect(await page.getByTestId('navbar-search').getAttribute('placeholder')).not.toMatch(/[\u4e00-\u9fff]/);
            await saveScreenshot(page, `shell-navbar-${width}-${language}-${fontSize}`);
          } finally {
            await page.context().close();
          }
        });
      }
    }
  }
});

/** WCAG relative luminance of a computed rgb()/rgba() colour (alpha ignored). */
function luminance(css: string): number {
  const [r, g, b] = (css.match(/[\d.]+/g) ?? ['255', '255', '255']).slice(0, 3).map((v) => {
    const c = Number(v) / 255;
    return c <= 0.04045 ? c / 12.92 : ((c + 0.055) / 1.055) ** 2.4;
  }) as [number, number, number];
  return 0.2126 * r + 0.7152 * g + 0.0722 * b;
}

/** The colour an element is painted on: its own background or its nearest painted ancestor's. */
function paintedBackground(page: Page, selector: string): Promise<string> {
  return page.locator(selector).first().evaluate((start) => {
    let el: Element | null = start;
    while (el) {
      const bg = getComputedStyle(el).backgroundColor;
      if (!/^(transparent|rgba\(0, 0, 0, 0\))$/.test(bg)) return bg;
      el = el.parentElement;
    }
    return 'rgb(255, 255, 255)';
  });
}

const textColor = (page: Page, selector: string) => page.locator(selector).first().evaluate((el) => getComputedStyle(el).color);

describe('dark style in the shell (issue 13 point 7)', () => {
  test("demo's white navbar, its footer and the navbar's dropdowns paint dark, with light text", async ({ browser }) => {
    const page = await openAt(browser, 1280, { language: 'zh', theme: 'dark', fontSize: 'small' });
    try {
      await signInAtHome(page);
      const dark = (css: string) => luminance(css) < 0.05;
      const light = (css: string) => luminance(css) > 0.4;
      expect(dark(await paintedBackground(page, '[data-testid="navbar"]'))).toBe(true);
      expect(light(await textColor(page, '[data-testid="navbar-menu"]'))).toBe(true);
      expect(light(await textColor(page, '[data-testid="navbar-app-name"]'))).toBe(true);
      // The bell, the globe and the user menu share the menus' colour (not the browser's link blue).
      const menuColor = await textColor(page, '[data-testid="navbar-menu"]');
      for (const testId of ['navbar-news', 'preferences-menu', 'user-menu']) expect(await textColor(page, `[data-testid="${testId}"]`), testId).toBe(menuColor);
      expect(dark(await paintedBackground(page, '[data-testid="footer"]'))).toBe(true);
      expect(light(await textColor(page, '[data-testid="footer"]'))).toBe(true);
      expect(dark(await paintedBackground(page, 'main.portal-main'))).toBe(true);

      await openDropdown(page, 'user-menu', '[data-testid="user-menu-logout"]');
      expect(dark(await paintedBackground(page, '[data-testid="user-menu-logout"]'))).toBe(true);
      expect(light(await textColor(page, '[data-testid="user-menu-logout"]'))).toBe(true);
      await page.mouse.move(0, 600);

      await openDropdown(page, 'navbar-more', '[data-testid="navbar-more-item"]');
      expect(dark(await paintedBackground(page, '[data-testid="navbar-more-item"]'))).toBe(true);
      await saveScreenshot(page, 'shell-dark-1280');
    } finally {
      await page.context().close();
    }
  });
});

describe('font size in the shell (issue 13 point 8)', () => {
  test('at 22 px the menus, the user menu and the footer are larger than at 14 px', async ({ browser }) => {
    const sizes: Record<FontSize, { menu: number; user: number; footer: number }> = { small: { menu: 0, user: 0, footer: 0 }, large: { menu: 0, user: 0, footer: 0 } };
    for (const fontSize of ['small', 'large'] as const) {
      const page = await openAt(browser, 1440, { language: 'zh', theme: 'light', fontSize });
      try {
        await signInAtHome(page);
        const px = (selector: string) => page.locator(selector).first().evaluate((el) => parseFloat(getComputedStyle(el).fontSize));
        sizes[fontSize] = { menu: await px('[data-testid="navbar-menu"]'), user: await px('[data-testid="user-menu"]'), footer: await px('[data-testid="footer"]') };
      } finally {
        await page.context().close();
      }
    }
    expect(sizes.large.menu - sizes.small.menu).toBe(8);
    expect(sizes.large.user).toBe(22);
    expect(sizes.small.user).toBe(14);
    expect(sizes.large.footer).toBe(22);
  });
});
