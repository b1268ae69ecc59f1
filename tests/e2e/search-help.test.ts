import { readFileSync } from 'node:fs';
import { describe, expect, inject } from 'vitest';
import { saveScreenshot, test, UI_TIMEOUT } from './browser';

// /search, /helpCenter and the bare privacy pages against the built app and a real server with the
// seeded demo tenant (the default tenant of 127.0.0.1). Expectations come from the API and the
// tenant file, so reseeding never needs a test change.

const baseUrl = inject('baseUrl');
const poll = { timeout: UI_TIMEOUT, interval: 100 };

/** A seeded demo course title, read from the API the page itself uses. */
async function seededCourseTitle(): Promise<string> {
  const response = await fetch(`${baseUrl}/cm/api/course/search?tenantId=1001&pageSize=1`);
  const body = (await response.json()) as { data: { list: { title: string }[] } };
  const title = body.data.list[0]?.title;
  if (!title) throw new Error('The demo tenant has no course; the e2e server should seed the demo catalogue.');
  return title;
}

/** The first paragraph of the demo tenant's privacy policy (templates/tenants/demo.json), as text. */
function demoPolicyParagraph(): string {
  const tenant = JSON.parse(readFileSync(new URL('../../templates/tenants/demo.json', import.meta.url), 'utf8')) as {
    configList: { paramGroup: string; paramKey: string; paramValue: string }[];
  };
  const item = tenant.configList.find((c) => c.paramGroup === 'PcLoginConfig' && c.paramKey === 'loginConfig');
  const policy = (JSON.parse(item!.paramValue) as { policy?: string }).policy ?? '';
  const paragraph = /<p>(.*?)<\/p>/s.exec(policy)?.[1]?.replace(/<[^>]+>/g, '') ?? '';
  if (!paragraph) throw new Error('templates/tenants/demo.json has no policy paragraph in PcLoginConfig.loginConfig.policy.');
  return paragraph;
}

describe('search, help center and privacy pages', () => {
  test('/search finds a seeded course on 综合 and switches to the course tab', async ({ page }) => {
    const title = await seededCourseTitle();
    const words = title.slice(0, Math.min(4, title.length));
    await page.goto(`${baseUrl}/study/search?searchValue=${encodeURIComponent(words)}&type=total`);
    const results = page.locator('.search-section[data-kind="course"]');
    await results.waitFor({ state: 'visible', timeout: UI_TIMEOUT });
    await expect.poll(() => results.locator('.w-card-title').allInnerTexts(), poll).toEqual(expect.arrayContaining([expect.stringContaining(words)]));
    await expect.poll(() => page.getByRole('searchbox').first().inputValue(), poll).toBe(words);

    await page.getByRole('tab', { name: '课程' }).click();
    await expect.poll(() => new URL(page.url()).searchParams.get('type'), poll).toBe('course');
    const tab = page.locator('.search-kind[data-kind="course"]');
    await tab.waitFor({ state: 'visible', timeout: UI_TIMEOUT });
    const first = tab.locator('.w-card-link').first();
    expect(await first.getAttribute('href')).toMatch(/^\/study\/course\/detail\/\d+$/);
    await saveScreenshot(page, 'search-course-tab');
  });

  test('/helpCenter lists help articles and opens a clicked one with its text', async ({ page }) => {
    await page.goto(`${baseUrl}/study/helpCenter?purpose=99`);
    const items = page.locator('.help-list-item');
    await items.first().waitFor({ state: 'visible', timeout: UI_TIMEOUT });
    expect(await items.count()).toBeGreaterThanOrEqual(6);
    const second = items.nth(1);
    const title = (await second.innerText()).trim();
    await second.click();
    await expect.poll(() => new URL(page.url()).searchParams.get('id'), poll).toMatch(/^\d+$/);
    await expect.poll(() => page.locator('.help-article h1').innerText(), poll).toBe(title);
    const body = page.locator('.help-article-body');
    await expect.poll(async () => (await body.innerText()).trim().length, poll).toBeGreaterThan(20);
    await saveScreenshot(page, 'help-center');
  });

  test('/privacy/loginPolicy?privacy shows the tenant\'s policy bare, without the shell', async ({ page }) => {
    const paragraph = demoPolicyParagraph();
    await page.goto(`${baseUrl}/study/privacy/loginPolicy?privacy`);
    await page.getByRole('heading', { level: 1, name: '隐私政策' }).waitFor({ state: 'visible', timeout: UI_TIMEOUT });
    await expect.poll(() => page.locator('.privacy-text').innerText(), poll).toContain(paragraph);
    expect(await page.getByTestId('navbar').count()).toBe(0);
    await saveScreenshot(page, 'privacy-policy-bare');
  });
});
