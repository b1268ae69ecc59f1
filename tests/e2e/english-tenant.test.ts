import type { Page } from 'playwright-core';
import { describe, expect, inject } from 'vitest';
import { saveScreenshot, test, UI_TIMEOUT } from './browser';

// Issue 13 point 9: acme, whose default language is English (site option language: en), showed
// 登录, 更多 ›, 考试中心, 共 20 项 and "7课时 · 5973人学习", and the red 直播中 badge sat over the
// Live tag of live cards. In Chromium, against the built app and a real server with acme's seed
// (English content): a visitor who never chose a language sees acme's home and lists without a
// Chinese character, and a live card's badge keeps clear of the tag its cover carries.

const port = inject('port');
const acmeUrl = (path: string) => `http://acme.localhost:${port}${path}`;
const poll = { timeout: UI_TIMEOUT, interval: 100 };

/** CJK ideographs, kana, CJK punctuation and full-width forms. */
const CJK = /[\u3000-\u30ff\u3400-\u9fff\uf900-\ufaff\uff00-\uffef]/;

/** Waits for the shell, then scrolls the page through so deferred blocks mount and lists settle. */
async function settle(page: Page): Promise<void> {
  await page.getByTestId('navbar-app-name').first().waitFor({ state: 'visible' });
  await page.getByTestId('app-loading').first().waitFor({ state: 'hidden' });
  await page.evaluate(async () => {
    for (let y = 0; y < document.documentElement.scrollHeight; y += 500) {
      window.scrollTo(0, y);
      await new Promise((resolve) => requestAnimationFrame(() => resolve(undefined)));
    }
  });
  await expect.poll(() => page.locator('.rt-block-deferred, .rt-block-loading, [aria-busy="true"]').count(), poll).toBe(0);
  await page.evaluate(() => window.scrollTo(0, 0));
}

/** The lines of the page's visible text that hold a Chinese character. */
async function chineseLines(page: Page): Promise<string[]> {
  const text = await page.evaluate(() => document.body.innerText);
  return text.split('\n').map((line) => line.trim()).filter((line) => CJK.test(line));
}

interface Box { left: number; top: number; right: number; bottom: number }

const intersects = (a: Box, b: Box) => a.left < b.right && b.left < a.right && a.top < b.bottom && b.top < a.bottom;

describe('acme, an English tenant, in English', () => {
  test('the home shows no Chinese: shell, every widget, card meta and "More ›"', async ({ page }) => {
    await page.goto(acmeUrl('/study/home'));
    await settle(page);
    await expect.poll(() => page.locator('[data-block-type="course-list"] .w-card').count(), poll).toBeGreaterThan(0);
    await saveScreenshot(page, 'english-tenant-acme-home');
    expect(await page.evaluate(() => document.documentElement.lang)).toBe('en');
    expect(await chineseLines(page)).toEqual([]);
    // The words the issue named come out in English.
    await expect.poll(() => page.locator('.w-section-more').first().innerText(), poll).toBe('More ›');
    expect(await page.locator('[data-block-type="course-list"] .w-card-meta').first().innerText()).toMatch(/\d+ lessons · \d+ learners$/);
  });

  test.for(['/study/course', '/study/subject', '/study/classes'])('the list page %s shows no Chinese', async (path, { page }) => {
    await page.goto(acmeUrl(path));
    await settle(page);
    await expect.poll(async () => (await page.evaluate(() => document.body.innerText)).length, poll).toBeGreaterThan(200);
    expect(await chineseLines(page)).toEqual([]);
  });

  test("a live card's badge sits at the cover's top right, clear of the cover's own Live tag", async ({ page }) => {
    await page.goto(acmeUrl('/study/home'));
    await settle(page);
    const badges = page.locator('[data-block-type="live-room-list"] .w-card-badge[data-tone="live"]');
    await expect.poll(() => badges.count(), poll).toBeGreaterThan(0);
    await badges.first().scrollIntoViewIfNeeded();
    await saveScreenshot(page, 'english-tenant-live-badge');
    const cards = await badges.evaluateAll(async (elements) => Promise.all(elements.map(async (badge) => {
      const cover = badge.closest('.w-card-cover')!;
      const img = cover.querySelector('img');
      const box = (r: DOMRect) => ({ left: r.left, top: r.top, right: r.right, bottom: r.bottom });
      const tags: { left: number; top: number; right: number; bottom: number }[] = [];
      // The tag is drawn into the cover picture. An SVG cover is laid over the picture inline, at the
      // picture's box and fit (object-fit: cover = slice), to measure where its texts are drawn.
      if (img && /\.svg(\?|$)/.test(img.src)) {
        const source = await (await fetch(img.src)).text();
        const svg = new DOMParser().parseFromString(source, 'image/svg+xml').documentElement as unknown as SVGSVGElement;
        const at = img.getBoundingClientRect();
        svg.setAttribute('width', String(at.width));
        svg.setAttribute('height', String(at.height));
        svg.setAttribute('preserveAspectRatio', 'xMidYMid slice');
        Object.assign(svg.style, { position: 'fixed', left: `${at.left}px`, top: `${at.top}px`, visibility: 'hidden', pointerEvents: 'none' });
        document.body.append(svg);
        for (const text of svg.querySelectorAll('text')) {
          if (!text.textContent?.trim()) continue;
          // A tag is its text and, when drawn just before it and around it, its pill.
          const own = text.getBoundingClientRect();
          const pill = text.previousElementSibling?.tagName === 'rect' ? text.previousElementSibling.getBoundingClientRect() : undefined;
          const around = pill && pill.left <= own.left && pill.right >= own.right && pill.top <= own.top + own.height / 2 && pill.bottom >= own.bottom - own.height / 2;
          tags.push({ ...box(around ? pill : own), text: text.textContent.trim() } as never);
        }
        svg.remove();
      }
      return { badge: box(badge.getBoundingClientRect()), cover: box(cover.getBoundingClientRect()), tags };
    })));
    for (const { badge, cover, tags } of cards) {
      // The badge is in the cover's top right corner...
      expect(cover.right - badge.right).toBeLessThanOrEqual(12);
      expect(badge.top - cover.top).toBeLessThanOrEqual(12);
      expect(badge.left).toBeGreaterThan(cover.left + (cover.right - cover.left) / 2);
      // ...and covers none of the texts drawn on the cover (the seeded covers' "Live" tag).
      for (const tag of tags) expect(intersects(badge, tag), `badge ${JSON.stringify(badge)} over ${JSON.stringify(tag)}`).toBe(false);
    }
  });
});
