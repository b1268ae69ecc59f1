import { readFileSync, readdirSync } from 'node:fs';
import { createRequire } from 'node:module';
import type pg from 'pg';
import type { Browser, BrowserContext, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, inject } from 'vitest';
import { pageRoutes } from '../../src/app/page-routes';
import { APP_ROLE } from '../../server/db/roles';
import { test, UI_TIMEOUT, VIEWPORT } from './browser';
import { tenantDb } from './db';
import { addressOf, first, gateRoutes, ID_SOURCES, needsRecord, QUERY_SOURCES, tenantOf, type GateRoute } from './a11y-routes';
import { bounded, freshTab, PAGE_BOUND, rest, STUCK, visit, watchRequests } from './a11y-visit';

// Issue 23 "Accessibility as a gate": every page of the route table passes axe-core's WCAG 2.0/2.1
// A and AA rules, with no exceptions (docs/accessibility.md).
//
// What is visited, read from the route table itself (src/app/router.tsx, which holds the
// ordinary pages of src/app/page-routes.ts and the runtime pages), so a route added later is
// covered without editing this file. The issue names guest and signed in, light and dark, zh and
// en; the full product of those (every route in 4 colour/language variants, each public route
// both as a guest and signed in) is about 560 page audits, some 7 minutes on a 2-core machine, so
// the gate covers the variants pairwise instead (PASSES below):
// - every route twice: light zh, and dark en. So every route is audited in each theme and in each
//   language. A route whose meta says auth is signed in (the demo tenant's learner) both times; a
//   public route is a guest in light zh and signed in in dark en, so it is audited both ways; a
//   sign-in page (meta isLogin) is a guest both times, since a signed-in visitor is sent on.
// - light en and dark zh, the two other pairs, over one route per feature folder
//   (src/features/<folder>, the first in table order; public ones signed in in light en and as a
//   guest in dark zh), so each of the four theme and language pairs meets every folder's
//   components in both sessions;
// - each demo tenant's home (templates/tenants/*.json) as a guest in all four variants;
// - the shop tenant's cart with items in it and its order confirmation (the learner's cart is
//   filled through the API first and emptied after), light zh and dark en.
// What is not crossed: a public route meets light en and dark zh only through its folder's
// sample, and signed in only in dark (its guest view only in light) unless it is its folder's
// sample. The theme changes colours, the language changes texts and the session the navbar and
// a few buttons; none changes the page's structure, so the pairs miss little.
// A route with a `:param` gets its value from the seed through ID_SOURCES (an optional param only
// when ID_SOURCES names the route); a page that reads its record from the query string gets one
// through QUERY_SOURCES, so its real page is audited, not its not-found state (a page showing a
// not-found or error state is reported). The redirect entries (index, `index/:id`, `:id`, `*`)
// have no page of their own.

const port = inject('port');
const require = createRequire(import.meta.url);
const AXE_SOURCE = readFileSync(require.resolve('axe-core/axe.min.js'), 'utf8');
const WCAG_TAGS = ['wcag2a', 'wcag2aa', 'wcag21a', 'wcag21aa'];
const DEMO = 1001;
const SHOP = 1003;
const LEARNER = { account: 'learner', password: 'Study@2026' };

const origin = (code: string) => `http://${code}.localhost:${port}`;

type Variant = { theme: 'light' | 'dark'; lang: 'zh' | 'en' };
const LIGHT_ZH: Variant = { theme: 'light', lang: 'zh' };
const DARK_EN: Variant = { theme: 'dark', lang: 'en' };

/**
 * One pass of the gate: a variant, which routes (all or one per feature folder) and as whom a
 * public route is visited (an auth route is always signed in, a sign-in page always a guest).
 * Together the passes put every route in both themes, both languages and, if public, both
 * sessions, and every theme and language pair over every folder (see the header).
 */
interface Pass { variant: Variant; routes: 'all' | 'sample'; publicSignedIn: boolean }
const LIGHT_EN: Variant = { theme: 'light', lang: 'en' };
const DARK_ZH: Variant = { theme: 'dark', lang: 'zh' };
/** The four theme and language pairs. */
const VARIANTS: readonly Variant[] = [LIGHT_ZH, DARK_EN, LIGHT_EN, DARK_ZH];
const PAIRWISE: Pass[] = [
  { variant: LIGHT_ZH, routes: 'all', publicSignedIn: false },
  { variant: DARK_EN, routes: 'all', publicSignedIn: true },
  { variant: LIGHT_EN, routes: 'sample', publicSignedIn: true },
  { variant: DARK_ZH, routes: 'sample', publicSignedIn: false },
];
/**
 * A11Y_GATE_FULL=1 runs the full product instead (every route in all four pairs, each public route
 * as a guest and signed in): about 4 times the pairwise passes' time, for a release check.
 */
const PASSES: Pass[] = process.env.A11Y_GATE_FULL === '1'
  ? VARIANTS.flatMap((variant) => [false, true].map((publicSignedIn): Pass => ({ variant, routes: 'all', publicSignedIn })))
  : PAIRWISE;
const variantName = (v: Variant) => `${v.theme} ${v.lang}`;

/** A page in a context that paints `variant` (the preferences and language keys the app reads at start). */
async function variantPage(browser: Browser, variant: Variant, storageState?: Awaited<ReturnType<BrowserContext['storageState']>>): Promise<Page> {
  const context = await browser.newContext({ viewport: VIEWPORT, locale: 'zh-CN', serviceWorkers: 'block', storageState });
  context.setDefaultTimeout(UI_TIMEOUT);
  await context.addInitScript((v: Variant) => {
    localStorage.setItem('portal.prefs', JSON.stringify({ theme: v.theme, fontSize: 'small' }));
    localStorage.setItem('portal.lang', v.lang);
  }, variant);
  await context.addInitScript({ content: AXE_SOURCE });
  const page = await context.newPage();
  watchRequests(page);
  return page;
}

interface Finding {
  where: string;
  id: string;
  impact: string | null;
  help: string;
  helpUrl: string;
  targets: string[];
  /** axe's account of the first element (e.g. the colours and ratio it measured). */
  summary?: string;
}

/** A page's own not-found or error state (antd's 404, warning and error results, an error alert). */
const NOT_FOUND = '.ant-result-404, .ant-result-warning, .ant-result-error, .ant-alert-error';

/** Runs axe (WCAG 2.x A and AA) on the page and returns what it found, labelled `where`. */
async function audit(page: Page, where: string): Promise<Finding[]> {
  const violations = await page.evaluate(async (tags) => {
    type Result = { violations: { id: string; impact: string | null; help: string; helpUrl: string; nodes: { target: unknown[]; failureSummary?: string }[] }[] };
    const axe = (window as unknown as { axe: { run(ctx: Document, opts: object): Promise<Result> } }).axe;
    // Colours as they come to rest: a button enabled a moment ago (its state query answered) fades
    // from the disabled grey over antd's 0.2 s transition, and axe would read a colour halfway
    // (2.5:1 on the favourite button once the batched data came in later). CSS transitions end;
    // looping animations (spinners, carousels) are not waited for. At most 1 s.
    const transitions = document.getAnimations().filter((a) => a instanceof CSSTransition).map((a) => a.finished.catch(() => undefined));
    await Promise.race([Promise.all(transitions), new Promise((r) => setTimeout(r, 1_000))]);
    const result = await axe.run(document, { runOnly: { type: 'tag', values: tags }, resultTypes: ['violations'] });
    return result.violations.map((v) => ({ id: v.id, impact: v.impact, help: v.help, helpUrl: v.helpUrl, targets: v.nodes.map((n) => n.target.map(String).join(' ')), summary: v.nodes[0]?.failureSummary }));
  }, WCAG_TAGS);
  return violations.map((v) => ({ where, ...v }));
}

/** The gate's report: one block per violation, with route, rule, impact, targets and help. */
function report(findings: Finding[]): string {
  return findings
    .map((f) => `${f.where}\n  ${f.id} (${f.impact ?? 'n/a'}): ${f.help}\n  ${f.targets.slice(0, 8).join('\n  ')}${f.targets.length > 8 ? `\n  … ${f.targets.length - 8} more` : ''}${f.summary ? `\n  first: ${f.summary.replace(/\s+/g, ' ')}` : ''}\n  help: ${f.helpUrl}`)
    .join('\n');
}

/** Visits, checks where the page landed, and audits. */
async function check(page: Page, base: string, address: string, label: string, expectLogin: boolean, expectRecord = false): Promise<Finding[]> {
  try {
    await visit(page, base, address);
  } catch (error) {
    return [{ where: label, id: 'gate-no-page', impact: null, help: `${address} showed no page: ${error instanceof Error ? error.message.split('\n')[0] : String(error)}`, helpUrl: '', targets: [] }];
  }
  const landed = new URL(page.url()).pathname;
  const problems: Finding[] = [];
  if (landed === '/study/error' && !address.startsWith('/study/error')) {
    problems.push({ where: label, id: 'gate-route-missing', impact: null, help: `${address} landed on /error, so its page was not audited`, helpUrl: '', targets: [] });
  }
  if (landed === '/study/login' && !expectLogin) {
    problems.push({ where: label, id: 'gate-signed-out', impact: null, help: `${address} landed on /login, so its page was not audited`, helpUrl: '', targets: [] });
  }
  // A page given a record from the seed shows it: its not-found state is not the page to audit.
  if (expectRecord && (await page.locator(NOT_FOUND).count()) > 0) {
    const text = (await page.locator(NOT_FOUND).first().innerText()).replace(/\s+/g, ' ').slice(0, 120);
    problems.push({ where: label, id: 'gate-not-found', impact: null, help: `${address} shows a not-found or error state ("${text}"), so its real page was not audited`, helpUrl: '', targets: [] });
  }
  try {
    return [...problems, ...(await audit(page, `${label} (landed on ${landed})`))];
  } catch (error) {
    if (!/Execution context was destroyed/.test(String(error))) throw error;
    // The page went on to another address by itself while axe ran (CI saw it once in the signed-in
    // pass): audit where it went, once (axe is in every document: an init script), and report a
    // move to the sign-in page as the signed-out finding it is.
    await rest(page);
    const moved = new URL(page.url()).pathname;
    if (moved === '/study/login' && !expectLogin) {
      problems.push({ where: label, id: 'gate-signed-out', impact: null, help: `${address} went on to /login while it was audited`, helpUrl: '', targets: [] });
    }
    return [...problems, ...(await audit(page, `${label} (landed on ${landed}, went on to ${moved})`))];
  }
}

let db: pg.Client;

/**
 * A connection that sees one tenant's rows only: tenantDb connects as the database's owner, which
 * row-level security does not hold, so its queries would read every tenant's rows (the demo
 * learner's id, another tenant's exam); as the API's own role the tenant setting applies.
 */
async function seedDb(tenantId: number): Promise<pg.Client> {
  const client = await tenantDb(tenantId);
  await client.query(`set role ${APP_ROLE}`);
  return client;
}
let learnerId = 0;
let shopDb: pg.Client;
let shopLearnerId = 0;
const addresses = new Map<string, string>();

beforeAll(async () => {
  db = await seedDb(DEMO);
  learnerId = Number(await first(db, `select id as v from user_account where account = $1`, [LEARNER.account]));
  shopDb = await seedDb(SHOP);
  shopLearnerId = Number(await first(shopDb, `select id as v from user_account where account = $1`, [LEARNER.account]));
});
afterAll(() => Promise.all([db?.end(), shopDb?.end()]));

/** Calls the portal's API from a signed-in page, as its client does (the tenant id, the token header). */
async function api<T>(page: Page, tenantId: number, path: string, body?: Record<string, unknown>): Promise<T> {
  const envelope = await page.evaluate(async ({ tenantId: tenant, path: to, body: data }) => {
    const info = JSON.parse(localStorage.getItem(`portal.registerInfo.${tenant}`) ?? 'null') as { token?: string } | null;
    const headers: Record<string, string> = { 'Content-Type': 'application/json', Accept: 'application/json' };
    if (info?.token) headers.token = info.token;
    const response = await fetch(to, { method: data ? 'POST' : 'GET', credentials: 'include', headers, ...(data ? { body: JSON.stringify({ tenantId: tenant, ...data }) } : {}) });
    return (await response.json()) as { success?: boolean; code?: number; data?: unknown };
  }, { tenantId, path, body });
  if (envelope.success !== true && envelope.code !== 200) throw new Error(`${path} failed: ${JSON.stringify(envelope).slice(0, 300)}`);
  return envelope.data as T;
}

type StorageState = Awaited<ReturnType<BrowserContext['storageState']>>;

/** Signs the learner in on `code`'s origin through the login form and returns the page (light zh). */
async function signIn(browser: Browser, code: string): Promise<Page> {
  const page = await variantPage(browser, LIGHT_ZH);
  await page.goto(`${origin(code)}/study/login`);
  await page.getByTestId('login-account').fill(LEARNER.account);
  await page.getByTestId('login-password').fill(LEARNER.password);
  await page.getByTestId('login-submit').click();
  await page.getByTestId('user-menu').waitFor();
  return page;
}

/**
 * Setup, once per file: the demo learner's signed-in storage, a handed-in exam attempt for the
 * result pages (through the API: the last exam, the one exam/paper opens, so exam.test.ts still
 * finds the first exam unsat), then every route's address.
 */
let prepared: Promise<StorageState> | undefined;
function prepare(browser: Browser): Promise<StorageState> {
  prepared ??= (async () => {
    const page = await signIn(browser, 'demo');
    try {
      const submitted = await first(db, `select a.id as v from exam_attempt a join exam e on e.id = a.exam_id
        where a.user_id = $1 and a.state = 'submitted' and e.type = 'exam' limit 1`, [learnerId]);
      if (!submitted) {
        const examId = Number(await ID_SOURCES['exam/paper/:id']!(db, learnerId));
        const paper = await api<{ attemptId: number }>(page, DEMO, '/exam/api/exam/start', { examId });
        await api(page, DEMO, '/exam/api/exam/submit', { attemptId: paper.attemptId, answers: [] });
      }
      for (const route of gateRoutes) {
        const shop = tenantOf(route) === 'shop';
        addresses.set(route.path, await addressOf(route, shop ? shopDb : db, shop ? shopLearnerId : learnerId));
      }
      const demoState = await page.context().storageState();
      // The shop routes' session: the shop learner, in the same context (one state per origin).
      const shopPage = await signIn(browser, 'shop');
      const shopState = await shopPage.context().storageState();
      await shopPage.context().close();
      return { cookies: [...demoState.cookies, ...shopState.cookies], origins: [...demoState.origins, ...shopState.origins] };
    } finally {
      await page.context().close();
    }
  })();
  return prepared;
}

/** Audits the routes of `pass`: guests in one page, signed-in visits in another, both inside the SPA. */
async function auditRoutes(browser: Browser, pass: Pass): Promise<Finding[]> {
  const state = await prepare(browser);
  const { variant } = pass;
  const tabs = { guest: await variantPage(browser, variant), member: await variantPage(browser, variant, state) };
  const findings: Finding[] = [];
  try {
    // The demo tenant's routes first, then the shop's: one load of the other origin per page.
    const list = pass.routes === 'all' ? gateRoutes : featureSample();
    for (const route of [...list.filter((r) => tenantOf(r) === 'demo'), ...list.filter((r) => tenantOf(r) === 'shop')]) {
      const address = addresses.get(route.path)!;
      const signedIn = route.auth || (pass.publicSignedIn && !route.isLogin);
      const who = signedIn ? 'member' : 'guest';
      const label = `${tenantOf(route)} ${address} [${variantName(variant)}, ${signedIn ? 'signed in' : 'guest'}]`;
      const started = Date.now();
      const outcome = await bounded(check(tabs[who], origin(tenantOf(route)), address, label, route.isLogin, needsRecord(route)));
      if (outcome === STUCK) {
        findings.push({ where: label, id: 'gate-page-stuck', impact: null, help: `${address} did not finish loading and auditing within ${PAGE_BOUND / 1000} s (a busy main thread or a request that never ends)`, helpUrl: '', targets: [] });
        tabs[who] = await freshTab(tabs[who]);
      } else {
        findings.push(...outcome);
      }
      // A11Y_GATE_TIMING=1 prints each page's time, to find what eats the gate's budget.
      if (process.env.A11Y_GATE_TIMING) console.log(`${Date.now() - started} ms ${label}`);
    }
  } finally {
    await Promise.all([tabs.guest.context().close(), tabs.member.context().close()]);
  }
  return findings;
}

const tenantCodes = readdirSync(new URL('../../templates/tenants/', import.meta.url))
  .filter((name) => name.endsWith('.json'))
  .map((name) => (JSON.parse(readFileSync(new URL(`../../templates/tenants/${name}`, import.meta.url), 'utf8')) as { code: string }).code);

/** Audits every tenant's home in one variant, as a guest. */
async function auditHomes(browser: Browser, variant: Variant): Promise<Finding[]> {
  const page = await variantPage(browser, variant);
  const findings: Finding[] = [];
  try {
    for (const code of tenantCodes) {
      const label = `${code} /study/home [${variantName(variant)}, guest]`;
      const started = Date.now();
      findings.push(...(await check(page, origin(code), '/study/home', label, false)));
      if (process.env.A11Y_GATE_TIMING) console.log(`${Date.now() - started} ms ${label}`);
    }
  } finally {
    await page.context().close();
  }
  return findings;
}

/**
 * A pass's budget: about 0.45 s a page here (20 s for the sample, 70 s for every route), so 1.5 s a
 * page leaves a slower CI machine three times the room, plus one stuck page's bound and set-up.
 */
function passTimeout(pass: Pass): number {
  const pages = pass.routes === 'all' ? gateRoutes.length : featureSample().length;
  return pages * 1_500 + PAGE_BOUND + 30_000;
}

/** One route per feature folder, the first in table order (see the header for why this suffices). */
function featureSample(): GateRoute[] {
  const seen = new Set<string>();
  return gateRoutes.filter((r) => !seen.has(r.feature) && seen.add(r.feature));
}

describe('accessibility gate (axe, WCAG 2.1 A and AA)', () => {
  test('the route table is read and every required param and query has a value', { timeout: 60_000 }, async ({ browser }) => {
    await prepare(browser);
    expect(gateRoutes.length).toBeGreaterThan(pageRoutes.length);
    expect(gateRoutes.map((r) => r.name)).toEqual(expect.arrayContaining(['home', 'login', 'courseDetail', 'tabBarIndex', 'error']));
    expect([...addresses.values()].filter((a) => a.includes(':'))).toEqual([]);
    // Every QUERY_SOURCES key is a route of the table (a renamed route would silently lose its query).
    const paths = new Set(gateRoutes.map((r) => r.path.replace(/^\//, '')));
    expect(Object.keys(QUERY_SOURCES).filter((key) => !paths.has(key))).toEqual([]);
  });

  for (const pass of PASSES) {
    const what = pass.routes === 'all' ? 'every route' : 'one route per feature folder';
    const who = pass.publicSignedIn ? 'public ones signed in' : 'public ones as a guest';
    test(`${what}, ${variantName(pass.variant)}, ${who}`, { timeout: passTimeout(pass) }, async ({ browser }) => {
      const findings = await auditRoutes(browser, pass);
      expect(findings.length, `axe found violations:\n${report(findings)}`).toBe(0);
    });
  }

  // Its budget: 8–14 s a home here with the four variants side by side, so 30 s a home for
  // a CI machine that has other work too (CI ran over a flat 120 s once, with 6 homes a variant).
  test('each demo tenant home in all four variants, as a guest', { timeout: tenantCodes.length * 30_000 + 60_000 }, async ({ browser }) => {
    // The four variants side by side, each in its own context: a home keeps requests under way
    // (media, banners) until settle()'s 5 s bound far more often than a route page, so one at a
    // time the test mostly waited. The findings are the same, in variant order.
    const findings = (await Promise.all(VARIANTS.map((variant) => auditHomes(browser, variant)))).flat();
    expect(findings.length, `axe found violations:\n${report(findings)}`).toBe(0);
  });

  // The cart with items and the order confirmation of its lines, on the shop tenant (whose home
  // starts on the shop): the learner's cart is filled through the API and emptied again after.
  test('the shop cart with items and its order confirmation, light zh and dark en', { timeout: 90_000 }, async ({ browser }) => {
        const page = await signIn(browser, 'shop');
    let lineIds: number[] = [];
    try {
      const { rows } = await shopDb.query<{ id: string }>(`select p.id from product p join provider v on v.id = p.provider_id
        where p.state = 1 and v.state = 0 and p.stock >= 5 and p.type not in (8, 9, 10) order by p.id limit 2`);
      expect(rows.length, 'the shop seed needs two products on sale with stock').toBe(2);
      const before = new Set((await shopDb.query<{ id: string }>(`select id from cart_item where user_id = $1`, [shopLearnerId])).rows.map((r) => r.id));
      for (const { id } of rows) await api(page, SHOP, '/order/api/cart/addCart', { prodId: Number(id), quantity: 1 });
      lineIds = (await shopDb.query<{ id: string }>(`select id from cart_item where user_id = $1 and product_id = any($2::bigint[])`, [shopLearnerId, rows.map((r) => r.id)]))
        .rows.filter((r) => !before.has(r.id)).map((r) => Number(r.id));
      expect(lineIds.length).toBe(2);
      const state = await page.context().storageState();
      const findings: Finding[] = [];
      for (const variant of [LIGHT_ZH, DARK_EN]) {
        const shopper = await variantPage(browser, variant, state);
        try {
          const cart = await check(shopper, origin('shop'), '/study/sub_shop/cart', `shop /study/sub_shop/cart [${variantName(variant)}, signed in, 2 lines]`, false);
          expect(await shopper.getByTestId('cart-line').count(), 'the cart shows the lines added through the API').toBeGreaterThanOrEqual(2);
          findings.push(...cart);
          const confirm = `/study/sub_shop/order_confirm/order_confirm?cartIds=${lineIds.join(',')}`;
          findings.push(...(await check(shopper, origin('shop'), confirm, `shop ${confirm} [${variantName(variant)}, signed in]`, false, true)));
        } finally {
          await shopper.context().close();
        }
      }
      expect(findings.length, `axe found violations:\n${report(findings)}`).toBe(0);
    } finally {
      if (lineIds.length) await api(page, SHOP, '/order/api/cart/mulDelete', { ids: lineIds }).catch(() => shopDb.query(`delete from cart_item where id = any($1::bigint[])`, [lineIds]));
      await page.context().close();
    }
  });
});
