import pg from 'pg';
import type { Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, inject } from 'vitest';
import { clientPasswordDigest, hashPassword } from '../../server/lib/password';
import { E2E_TENANTS } from './tenants';
import { tenantDb } from './db';
import { test, UI_TIMEOUT } from './browser';

// Issue 23 point 3, keyboard-only journeys in Chromium against the real server: Tab, Shift+Tab,
// Enter, Space, arrows and Escape, never a mouse click or element.click(). On the secure tenant (a
// copy of demo's settings with the slider captcha on, but no catalogue): sign in solving the captcha
// with arrow keys. On demo, as a learner made for this run (so the exam always has an attempt left):
// open a course from the home page, play and pause the floating audio player, answer and submit an
// exam. On the shop tenant, as a shop learner made for this run (its own cart, address and orders):
// add a product to the cart and check out. At every Tab the focused element shows a ring (outline or
// box-shadow), Tab moves on (never trapped), and a dialog closed with Escape or 取消 gives focus back
// to what opened it, or to the next sensible control when that is gone. page.goto stands for typing
// an address; a browser then gives the page the focus, which `open` makes sure of.

const port = inject('port');
const DEMO = 1001;
const SHOP = 1003;
const PASSWORD = 'Study@2026';
const secureUrl = (path: string) => `http://${E2E_TENANTS.secure.code}.localhost:${port}/study${path}`;
const demoUrl = (path: string) => `http://demo.localhost:${port}/study${path}`;
const shopUrl = (path: string) => `http://shop.localhost:${port}/study${path}`;
const RESOURCES = `/tabBarIndex/Pzy_resources?pageCodeTitle=${encodeURIComponent('学习资源')}`;
const poll = { timeout: UI_TIMEOUT, interval: 100 };

let demoDb: pg.Client;
let shopDb: pg.Client;
/** The shop learner made for this run: an address on file, nothing in the cart. */
let shopLearner = { id: 0, account: '' };
/** The demo learner made for this run: no attempts, no history. */
let demoLearner = { id: 0, account: '' };
/** An open exam of demo and its number of questions. */
let exam = { id: 0, questions: 0 };
let product = { id: 0, title: '' };

/** Makes a learner of the tenant for this run (the account is new each run, so a rerun starts clean). */
async function makeLearner(db: pg.Client, tenantId: number): Promise<{ id: number; account: string }> {
  const account = `kbd${Date.now().toString(36)}${Math.random().toString(36).slice(2, 6)}`;
  const { hash, salt } = await hashPassword(clientPasswordDigest(PASSWORD));
  const { rows } = await db.query<{ id: string }>(
    `insert into user_account (tenant_id, account, password_hash, password_salt, real_name, nick_name)
     values ($1, $2, $3, $4, '键盘学员', '键盘') returning id`, [tenantId, account, hash, salt]);
  return { id: Number(rows[0]?.id), account };
}

beforeAll(async () => {
  demoDb = await tenantDb(DEMO);
  demoLearner = await makeLearner(demoDb, DEMO);
  const { rows: exams } = await demoDb.query<{ id: string; n: string }>(
    `select e.id, (select count(*) from exam_question q where q.tenant_id = e.tenant_id and q.exam_id = e.id) as n
       from exam e where e.tenant_id = $1 and e.state = 1 and e.type = 'exam' and e.start_time <= now()
        and (e.end_time is null or e.end_time > now() + interval '1 day')
        and exists (select 1 from exam_question q where q.tenant_id = e.tenant_id and q.exam_id = e.id)
      order by e.id limit 1`, [DEMO]);
  exam = { id: Number(exams[0]?.id), questions: Number(exams[0]?.n) };
  expect(exam.id, 'the demo tenant needs an open exam with questions').toBeGreaterThan(0);

  shopDb = await tenantDb(SHOP);
  shopLearner = await makeLearner(shopDb, SHOP);
  // An address on file, so checking out is the buying path and not the address form.
  await shopDb.query(
    `insert into user_address (tenant_id, user_id, receiver, phone, area, detail, is_default)
     values ($1, $2, '键盘读者', '13812345679', '浙江省 杭州市 西湖区', '文三路 100 号', true)`, [SHOP, shopLearner.id]);
  const { rows } = await shopDb.query<{ id: string; title: string }>(
    `select p.id, p.title from product p join provider v on v.tenant_id = p.tenant_id and v.id = p.provider_id
      where p.tenant_id = $1 and p.state = 1 and v.state = 0 and p.stock >= 5 and p.type not in (2, 8, 9, 10) order by p.id limit 1`, [SHOP]);
  product = { id: Number(rows[0]?.id), title: rows[0]?.title ?? '' };
  expect(product.id, 'the shop needs a product on sale with stock').toBeGreaterThan(0);
});

afterAll(async () => {
  // The run's learners go with everything they made (foreign keys cascade from user_account).
  await demoDb?.query('delete from user_account where tenant_id = $1 and id = $2', [DEMO, demoLearner.id]).catch(() => {});
  for (const table of ['cart_item', 'shop_order', 'user_address']) {
    await shopDb?.query(`delete from ${table} where tenant_id = $1 and user_id = $2`, [SHOP, shopLearner.id]).catch(() => {});
  }
  await shopDb?.query('delete from user_account where tenant_id = $1 and id = $2', [SHOP, shopLearner.id]).catch(() => {});
  await Promise.all([demoDb?.end(), shopDb?.end()]);
});

/**
 * Opens an address as a user typing it would, and waits until the keys reach the page: loaded, its
 * fonts in, and the document holding the focus (a browser gives the page the focus after the
 * address bar's Enter; a headless page in a new context is brought to the front for that).
 */
async function open(page: Page, url: string): Promise<void> {
  await page.goto(url);
  await page.bringToFront();
  await page.waitForFunction(() => document.readyState === 'complete' && document.fonts.status === 'loaded' && document.hasFocus());
}

/** What has the keyboard focus: a stable mark, a description, its ring, and whether it matches `selector`. */
interface Focus {
  mark: string;
  desc: string;
  ring: string;
  size: number;
  matches: boolean;
}

async function focused(page: Page, selector = ''): Promise<Focus> {
  return page.evaluate((sel) => {
    const el = document.activeElement as HTMLElement | null;
    if (!el || el === document.body || el === document.documentElement) return { mark: 'body', desc: 'body', ring: '', size: 0, matches: false };
    const w = window as unknown as { kbMarks?: number };
    if (!el.dataset.kbMark) el.dataset.kbMark = String((w.kbMarks = (w.kbMarks ?? 0) + 1));
    const style = getComputedStyle(el);
    const outline = style.outlineStyle !== 'none' && Number.parseFloat(style.outlineWidth) > 0 ? `outline ${style.outlineWidth} ${style.outlineColor}` : '';
    const shadow = style.boxShadow && style.boxShadow !== 'none' ? `shadow ${style.boxShadow}` : '';
    const rect = el.getBoundingClientRect();
    const name = el.getAttribute('data-testid') ?? el.getAttribute('aria-label') ?? el.getAttribute('name') ?? (el.textContent ?? '').trim().slice(0, 24);
    return {
      mark: el.dataset.kbMark,
      desc: `${el.tagName.toLowerCase()}.${String(el.className).split(' ')[0] ?? ''}[${name}]`,
      ring: outline || shadow,
      size: rect.width * rect.height,
      matches: sel !== '' && el.matches(sel),
    };
  }, selector);
}

/** Focus is visible: a real element with a size and a ring (WCAG 2.4.7). */
function expectVisible(f: Focus): void {
  expect(f.mark, 'focus went to the page itself').not.toBe('body');
  expect(f.ring, `no focus ring on ${f.desc}`).not.toBe('');
  expect(f.size, `the focused ${f.desc} has no size`).toBeGreaterThan(0);
}

/**
 * Presses Tab (Shift+Tab with `back`) until the focus is on `selector`, checking at every step that
 * the focus moved on (a focus that stays put is a trap), is on an element (not dropped on the page)
 * and shows a ring.
 */
async function tabTo(page: Page, selector: string, { back = false, max = 120 } = {}): Promise<Focus> {
  let previous = await focused(page, selector);
  if (previous.matches) return previous;
  const path: string[] = [];
  for (let step = 0; step < max; step++) {
    await page.keyboard.press(back ? 'Shift+Tab' : 'Tab');
    let now = await focused(page, selector);
    // antd's inputs transition `all` for 0.2 s, the outline's width included: read the ring once it
    // is drawn (at most 1 s; the ring is then missing).
    if (now.ring === '' && now.mark !== 'body') {
      await expect.poll(async () => (now = await focused(page, selector)).ring, { timeout: 1_000, interval: 50 }).not.toBe('').catch(() => {});
    }
    path.push(now.desc);
    expect(now.mark, `Tab did not move on from ${now.desc}: focus trapped`).not.toBe(previous.mark);
    expect(now.mark, `the focus fell to the page after ${path.slice(-3).join(' → ')}`).not.toBe('body');
    expectVisible(now);
    if (now.matches) return now;
    previous = now;
  }
  throw new Error(`${max} presses of ${back ? 'Shift+Tab' : 'Tab'} did not reach ${selector}; the focus went ${path.slice(-12).join(' → ')}`);
}

/** Expects the focus on `selector` and visible. */
async function expectFocusOn(page: Page, selector: string, why: string): Promise<void> {
  let f: Focus | undefined;
  await expect.poll(async () => (f = await focused(page, selector)).matches, { ...poll, message: why }).toBe(true)
    .catch((error: unknown) => { throw new Error(`${why}; the focus is on ${f?.desc}`, { cause: error }); });
  expectVisible(f!);
}

/** The piece's left offset at which it fills the gap: the background is darkened to 58% under the piece (as account-journey). */
async function findGap(page: Page): Promise<number> {
  await page.waitForFunction(() => [...document.querySelectorAll<HTMLImageElement>('.slide-captcha__bg, .slide-captcha__block')].every((img) => img.complete && img.naturalWidth > 0));
  return page.evaluate(() => {
    const read = (img: HTMLImageElement) => {
      const canvas = document.createElement('canvas');
      canvas.width = img.naturalWidth;
      canvas.height = img.naturalHeight;
      const ctx = canvas.getContext('2d')!;
      ctx.drawImage(img, 0, 0);
      return ctx.getImageData(0, 0, canvas.width, canvas.height);
    };
    const b = read(document.querySelector<HTMLImageElement>('.slide-captcha__bg')!);
    const p = read(document.querySelector<HTMLImageElement>('.slide-captcha__block')!);
    let best = 0;
    let bestScore = Infinity;
    for (let ox = 0; ox + p.width <= b.width; ox++) {
      let score = 0;
      let n = 0;
      for (let y = 0; y < p.height; y++) {
        for (let x = 0; x < p.width; x++) {
          const q = (y * p.width + x) * 4;
          if (p.data[q + 3]! < 250) continue;
          const r = (y * b.width + ox + x) * 4;
          for (let c = 0; c < 3; c++) score += Math.abs(b.data[r + c]! - 0.58 * p.data[q + c]!);
          n++;
        }
      }
      if (n && score / n < bestScore) {
        bestScore = score / n;
        best = ox;
      }
    }
    return best;
  });
}

/** Solves the captcha with the keyboard: Shift+→ by tens, → by ones, Enter; a miss gets a new puzzle and another go. */
async function solveCaptchaByKeys(page: Page): Promise<void> {
  const handle = '.slide-captcha__handle[role="slider"]';
  for (let attempt = 1; ; attempt++) {
    await page.locator('.slide-captcha--ready').waitFor();
    // The handle takes the focus once the puzzle is ready.
    await expectFocusOn(page, handle, 'the captcha handle has the focus');
    const target = await findGap(page);
    for (let i = 0; i < Math.floor(target / 10); i++) await page.keyboard.press('Shift+ArrowRight');
    for (let i = 0; i < target % 10; i++) await page.keyboard.press('ArrowRight');
    expect(Number(await page.locator(handle).getAttribute('aria-valuenow'))).toBe(target);
    await page.keyboard.press('Enter');
    let outcome = '';
    await expect.poll(async () => {
      const classes = await page.evaluate(() => document.querySelector('.slide-captcha')?.className ?? 'closed');
      outcome = /slide-captcha--(success|fail)|closed/.exec(classes)?.[0] ?? '';
      return outcome;
    }, poll).not.toBe('');
    if (!outcome.endsWith('fail')) return;
    if (attempt >= 3) throw new Error('the slider captcha failed three times in a row by keyboard');
  }
}

/** Signs in with the account form by keyboard: Tab to the account, type, Tab, type, Enter. */
async function typeCredentials(page: Page, origin: (path: string) => string, account = 'learner'): Promise<void> {
  await open(page, origin('/login'));
  await page.getByTestId('login-account').waitFor();
  await tabTo(page, '[data-testid="login-account"]');
  await page.keyboard.type(account);
  await tabTo(page, '[data-testid="login-password"]');
  await page.keyboard.type(PASSWORD);
  await page.keyboard.press('Enter');
}

/**
 * Waits for the page a sign-in leads to. The navbar shows the user menu as soon as the session is
 * stored, while the login page stays up until the next route's chunk has loaded; Tab pressed in
 * that gap walks the login page, which then goes away under the focus.
 */
async function signedIn(page: Page): Promise<void> {
  await page.getByTestId('user-menu').waitFor();
  await page.waitForURL((url) => !url.pathname.startsWith('/login'));
  await page.getByTestId('login-account').waitFor({ state: 'detached' });
}

describe('keyboard-only journeys', () => {
  test('secure tenant: sign in through the slider captcha by arrow keys; Escape on the captcha returns to the password field', async ({ page }) => {
    // (1) Sign in. Enter in the password field asks for the captcha; Escape closes it and the focus
    // is back in the password field; Enter again, and the arrow keys solve it.
    await typeCredentials(page, secureUrl);
    await page.locator('.slide-captcha--ready').waitFor();
    await page.keyboard.press('Escape');
    await page.locator('.slide-captcha').waitFor({ state: 'detached' });
    await expectFocusOn(page, '[data-testid="login-password"]', 'Escape on the captcha gives the focus back to the password field');
    await page.keyboard.press('Enter');
    await solveCaptchaByKeys(page);
    await signedIn(page);
  });

  test('demo: open a course from the home page, play and pause the audio player, answer and submit an exam', { timeout: 90_000 }, async ({ page }) => {
    await typeCredentials(page, demoUrl, demoLearner.account);
    await signedIn(page);
    // The walk starts at the top of a freshly loaded home. In CI, with the a11y gate run just before
    // this file, Tab from the page a keyboard sign-in led to went on to the footer and off the page
    // without meeting the navbar's menus; why the focus started below the navbar there is not known
    // yet (docs/decisions.md, session 7). Where the focus goes after sign-in is not this step's check.
    await open(page, demoUrl('/home'));

    // The navbar's preferences and user menus open with Enter; Escape closes them, focus on the opener.
    await tabTo(page, '[data-testid="preferences-menu"]');
    await page.keyboard.press('Enter');
    await expect.poll(() => page.getByTestId('preferences-menu').getAttribute('aria-expanded'), poll).toBe('true');
    await page.keyboard.press('Escape');
    await expect.poll(() => page.getByTestId('preferences-menu').getAttribute('aria-expanded'), poll).toBe('false');
    await expectFocusOn(page, '[data-testid="preferences-menu"]', 'Escape on the preferences menu gives the focus back to its button');
    await tabTo(page, '[data-testid="user-menu"]');
    await page.keyboard.press('Enter');
    const logout = page.getByTestId('user-menu-logout');
    await logout.waitFor();
    await page.keyboard.press('Escape');
    await logout.waitFor({ state: 'hidden' });
    await expectFocusOn(page, '[data-testid="user-menu"]', 'Escape on the user menu gives the focus back to its button');

    // (2) From the home page, Tab to a course card and open it with Enter.
    await open(page, demoUrl('/home'));
    await page.locator('.w-course-list a.w-card-link, a.w-card-link[href*="/course/detail/"]').first().waitFor();
    await tabTo(page, 'a.w-card-link[href*="/course/detail/"]');
    await page.keyboard.press('Enter');
    await page.getByTestId('course-detail').waitFor();
    expect(new URL(page.url()).pathname).toMatch(/^\/study\/course\/detail\/\d+$/);

    // (3) Play a seeded audio lesson from the resources tab's playlist, then pause it in the floating player.
    await open(page, demoUrl(RESOURCES));
    await page.locator('.w-audio-playlist li button').first().waitFor();
    await tabTo(page, '.w-audio-playlist li button');
    await page.keyboard.press('Enter');
    const play = page.locator('.floating-player__play');
    await expect.poll(() => play.getAttribute('aria-label'), poll).toBe('暂停');
    await tabTo(page, '.floating-player__play');
    await page.keyboard.press('Space');
    await expect.poll(() => play.getAttribute('aria-label'), poll).toBe('播放');
    await expectFocusOn(page, '.floating-player__play', 'the play button keeps the focus after pausing');

    // (4) An exam: start it, answer the first question with Space, submit; Escape on the
    // confirmation gives the focus back to 交卷; Enter again and confirm.
    await open(page, demoUrl(`/exam/detail/${exam.id}`));
    await page.getByTestId('exam-start').waitFor();
    await tabTo(page, '[data-testid="exam-start"]');
    await page.keyboard.press('Enter');
    await page.getByTestId('exam-paper').waitFor();
    await tabTo(page, '[data-testid="exam-question"] input');
    await page.keyboard.press('Space');
    await expect.poll(() => page.getByTestId('exam-answered').textContent(), poll).toBe(`已答 1/${exam.questions}`);
    await tabTo(page, '[data-testid="exam-submit"]', { max: 200 });
    await page.keyboard.press('Enter');
    await page.getByTestId('exam-confirm-submit').waitFor();
    await page.keyboard.press('Escape');
    await page.getByTestId('exam-confirm-submit').waitFor({ state: 'hidden' });
    await expectFocusOn(page, '[data-testid="exam-submit"]', 'Escape on the confirmation gives the focus back to the submit button');
    await page.keyboard.press('Enter');
    await page.getByTestId('exam-confirm-submit').waitFor();
    await tabTo(page, '[data-testid="exam-confirm-submit"]');
    await page.keyboard.press('Enter');
    await page.getByTestId('exam-result').waitFor();
    const { rows } = await demoDb.query<{ state: string }>(
      'select state from exam_attempt where tenant_id = $1 and exam_id = $2 and user_id = $3', [DEMO, exam.id, demoLearner.id]);
    expect(rows.map((r) => r.state)).toEqual(['submitted']);
  });

  test('shop tenant: add a product to the cart and check out; 取消 on the pay dialog leaves the focus on 付款, paying on 返回订单列表 (待发货 has no action)', { timeout: 60_000 }, async ({ page }) => {
    await typeCredentials(page, shopUrl, shopLearner.account);
    await signedIn(page);

    await open(page, shopUrl(`/product/detail/${product.id}`));
    await page.getByRole('heading', { name: product.title }).waitFor();
    await tabTo(page, '[data-testid="add-to-cart"]');
    await page.keyboard.press('Enter');
    const badge = page.getByTestId('navbar-cart').getByTestId('navbar-badge');
    await expect.poll(() => badge.textContent(), poll).toBe('1');
    // Back up to the navbar's cart.
    await tabTo(page, '[data-testid="navbar-cart"], [data-testid="navbar-cart"] a', { back: true });
    await page.keyboard.press('Enter');
    await page.getByTestId('cart-line').waitFor();
    await tabTo(page, '[data-testid="checkout"]');
    await page.keyboard.press('Enter');

    await page.getByTestId('order-confirm-page').waitFor();
    await page.getByTestId('address-option').waitFor();
    // 提交订单 comes with the server's totals, which may arrive after the addresses: on a loaded
    // machine the walk otherwise ran past the remark into the page before the button existed.
    await page.getByTestId('submit-order').waitFor();
    await tabTo(page, '[data-testid="submit-order"]');
    await page.keyboard.press('Enter');

    // The order page opens with the payment dialog; its one channel is 模拟支付. Its opener, 提交订单,
    // was on the page before: 取消 puts the focus on 付款, which opens it again.
    await page.getByTestId('order-detail-page').waitFor();
    await page.getByTestId('pay-confirm').waitFor();
    await tabTo(page, '.ant-modal-footer button:not([data-testid="pay-confirm"])');
    await page.keyboard.press('Enter');
    await page.getByTestId('pay-confirm').waitFor({ state: 'hidden' });
    await expectFocusOn(page, '[data-testid="pay-order"]', '取消 on the pay dialog opened on arrival gives the focus to 付款');
    await page.keyboard.press('Enter');
    await page.getByTestId('pay-confirm').waitFor();
    // 立即支付 is busy (a spinner, and a press does nothing) until the channels have come; a user
    // waits for it, and so does the walk: on a loaded machine the first dialog could close before
    // they came.
    await expect.poll(() => page.getByTestId('pay-confirm').getAttribute('class'), poll).not.toMatch(/ant-btn-loading/);
    await page.locator('.ant-modal .ant-radio-wrapper-checked').waitFor();
    await tabTo(page, '[data-testid="pay-confirm"]');
    await page.keyboard.press('Enter');
    // Issue 20 part Q: a paid physical order waits for the back office to ship it (待发货), with no
    // action for the buyer: paying replaced the order's buttons, so the focus goes to 返回订单列表.
    await expect.poll(() => page.getByTestId('order-state').first().textContent(), { ...poll, message: 'the order is paid' }).toBe('待发货')
      .catch(async (error: unknown) => {
        const said = await page.locator('.ant-message-notice').allTextContents();
        throw new Error(`the order was not paid; the page said: ${said.join(' | ') || 'nothing'}`, { cause: error });
      });
    await expectFocusOn(page, 'a[href$="/sub_shop/order/order"]', 'after paying the focus is on 返回订单列表');
    // This order (a retry of the test places another one).
    const orderId = Number(/order_detail\/(\d+)/.exec(page.url())?.[1]);
    const { rows } = await shopDb.query<{ state: number }>('select state from shop_order where tenant_id = $1 and user_id = $2 and id = $3', [SHOP, shopLearner.id, orderId]);
    expect(rows.map((r) => r.state)).toEqual([2]);
  });
});
