import { readFileSync, readdirSync } from 'node:fs';
import { createRequire } from 'node:module';
import type pg from 'pg';
import type { Browser, BrowserContext, Page } from 'playwright-core';
import type { RouteObject } from 'react-router';
import { afterAll, beforeAll, describe, expect, inject } from 'vitest';
import { pageRoutes } from '../../src/app/page-routes';
import { routes } from '../../src/app/router';
import { runtimePageRoutes } from '../../src/app/runtime-routes';
import { test, UI_TIMEOUT, VIEWPORT } from './browser';
import { tenantDb } from './db';

// Issue 23 "Accessibility as a gate": every page of the route table passes axe-core's WCAG 2.0/2.1
// A and AA rules, with no exceptions (docs/accessibility.md).
//
// What is visited, read from the route table itself (src/app/router.tsx, which holds the
// ordinary pages of src/app/page-routes.ts and the runtime pages), so a route added later is
// covered without editing this file:
// - every route that renders a page (has a handle), once, in light zh: a route whose meta says
//   auth as the demo tenant's learner, any other as a guest;
// - each demo tenant's home (templates/tenants/*.json), light zh;
// - dark en over the tenant homes and a sample of one route per feature folder
//   (src/features/<folder>): the theme changes colours (contrast) and the language changes texts
//   (names, label in name), neither changes structure, and a colour does not depend on the
//   language nor a name on the theme, so one dark-en pass next to the light-zh walk covers both
//   changes; every page of a folder is built from that folder's components, so one page per
//   folder finds what a colour set or a language breaks, while the whole gate stays within its
//   budget (about 90 s of the suite's 10 minutes on a 2-core machine).
// A route with a `:param` gets its value from the seed through ID_SOURCES; an optional param is
// left out. The redirect entries (index, `index/:id`, `:id`, `*`) have no page of their own.

const port = inject('port');
const require = createRequire(import.meta.url);
const AXE_SOURCE = readFileSync(require.resolve('axe-core/axe.min.js'), 'utf8');
const WCAG_TAGS = ['wcag2a', 'wcag2aa', 'wcag21a', 'wcag21aa'];
const DEMO = 1001;
const LEARNER = { account: 'learner', password: 'Study@2026' };

const origin = (code: string) => `http://${code}.localhost:${port}`;

/** One route of the table: full path pattern (under /study), name, meta and feature folder. */
interface GateRoute {
  path: string;
  name: string;
  auth: boolean;
  isLogin: boolean;
  feature: string;
}

/** The feature folder a route's page comes from, read from its loader's import. */
function featureOf(name: string): string {
  const entry = [...pageRoutes, ...runtimePageRoutes].find((r) => r.name === name);
  const folder = entry ? /features\/([\w-]+)\//.exec(String(entry.load))?.[1] : undefined;
  return folder ?? name;
}

/** Every route with a page (a handle), depth first, in table order. */
function tableRoutes(tree: RouteObject[], prefix = ''): GateRoute[] {
  const out: GateRoute[] = [];
  for (const route of tree) {
    const path = route.path ? `${prefix}/${route.path}` : prefix;
    const handle = route.handle as { name: string; meta: { auth?: boolean; isLogin?: boolean } } | undefined;
    if (handle && route.path) out.push({ path, name: handle.name, auth: Boolean(handle.meta.auth), isLogin: Boolean(handle.meta.isLogin), feature: featureOf(handle.name) });
    if (route.children) out.push(...tableRoutes(route.children, path));
  }
  return out;
}

type IdQuery = (db: pg.Client, learnerId: number) => Promise<string | undefined>;
const first = async (db: pg.Client, sql: string, values: unknown[] = []) => (await db.query<{ v: unknown }>(sql, values)).rows[0]?.v?.toString();

/**
 * Where a route's required param comes from: keyed by the route's path, else by the param's name.
 * Queries run in the demo tenant (row-level security keeps them there).
 */
const ID_SOURCES: Record<string, IdQuery> = {
  // The page's own two types (1 micro-lessons, 2 knowledge); 1 is the first.
  'user/center/study/myKnowledge/:type': async () => '1',
  'exam/detail/:id': (db) => first(db, `select id as v from exam where type = 'exam' and state = 1 order by id limit 1`),
  // Opening a paper starts an attempt: one the learner has sat already, else the last exam, so
  // exam.test.ts still finds the first exam unsat.
  'exam/paper/:id': (db, learner) => first(db, `select e.id as v from exam e where e.type = 'exam' and e.state = 1
    order by exists (select 1 from exam_attempt a where a.exam_id = e.id and a.user_id = $1) desc, e.id desc limit 1`, [learner]),
  'classes/detail/:id': (db, learner) => first(db, `select c.id as v from training_class c where c.state = 1
    order by exists (select 1 from classes_member m where m.classes_id = c.id and m.user_id = $1) desc, c.id limit 1`, [learner]),
  'content/noval/:id': (db) => first(db, `select id as v from content where purpose = 5 and state = 1 order by id limit 1`),
  'share/article/detail/:id': (db) => first(db, `select id as v from article where kind = 'share' and state = 1 order by id limit 1`),
  'share/article/details/:id': (db) => first(db, `select id as v from article where kind = 'share' and state = 1 order by id limit 1`),
  'knowledge/detail/:id': (db) => first(db, `select id as v from content where purpose = 2 and state = 1 order by id limit 1`),
  'knowledge/details/:id': (db) => first(db, `select id as v from content where purpose = 2 and state = 1 order by id limit 1`),
  // The course the learner studied most: its page shows progress bars.
  'course/detail/:id': (db, learner) => first(db, `select c.id as v from course c where c.state = 1
    order by (select count(*) from study_record r where r.course_id = c.id and r.user_id = $1) desc, c.id limit 1`, [learner]),
  'subject/detail/:id': (db) => first(db, `select id as v from subject where state = 1 order by id limit 1`),
  'product/detail/:id': (db) => first(db, `select id as v from product where state = 1 order by id limit 1`),
  'sub_shop/noval/:id': (db) => first(db, `select p.id as v from product p where p.state = 1
    order by exists (select 1 from reading_chapter c where c.product_id = p.id) desc, p.id limit 1`),
  pageCode: (db) => first(db, `select page_code as v from page where purpose = 1 and state = 1 order by id limit 1`),
};

/** The address of a route under /study with its required params filled from the seed. */
async function addressOf(route: GateRoute, db: pg.Client, learnerId: number): Promise<string> {
  const relative = route.path.replace(/^\//, '');
  let address = route.path;
  for (const [token, param, optional] of Array.from(route.path.matchAll(/:(\w+)(\?)?/g), (m) => [m[0], m[1]!, m[2]] as const)) {
    if (optional) {
      address = address.replace(`/${token}`, '');
      continue;
    }
    const source = ID_SOURCES[relative] ?? ID_SOURCES[param];
    if (!source) throw new Error(`Route ${route.path} needs an id for :${param}: add it to ID_SOURCES in tests/e2e/a11y-gate.test.ts (a query on the demo seed).`);
    const value = await source(db, learnerId);
    if (!value) throw new Error(`Route ${route.path}: the ID_SOURCES query for :${param} found nothing in the demo tenant's seed.`);
    address = address.replace(token, encodeURIComponent(value));
  }
  return `/study${address}`;
}

type Variant = { theme: 'light' | 'dark'; lang: 'zh' | 'en' };
const LIGHT_ZH: Variant = { theme: 'light', lang: 'zh' };
const VARIANTS: Variant[] = [{ theme: 'dark', lang: 'en' }];
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

/** Requests under way (chunks, API calls), counted from the page's events. */
const inflight = new WeakMap<Page, { count: number }>();
function watchRequests(page: Page): void {
  const state = { count: 0 };
  inflight.set(page, state);
  page.on('request', () => state.count++);
  page.on('requestfinished', () => state.count--);
  page.on('requestfailed', () => state.count--);
}

const LOADING = '.ant-skeleton, .portal-skeleton, .w-banner-skeleton, .w-card-skeleton, .w-rows-skeleton, .ant-spin-spinning';

/** Waits until no request has been under way for 100 ms and no skeleton or spinner shows (at most 5 s). */
async function settle(page: Page): Promise<void> {
  const state = inflight.get(page)!;
  const end = Date.now() + 5_000;
  let quietSince = Date.now();
  while (Date.now() < end) {
    await page.waitForTimeout(30);
    if (state.count > 0) quietSince = Date.now();
    else if (Date.now() - quietSince >= 100 && (await page.locator(LOADING).count()) === 0) return;
  }
}

/** Goes to `address` inside the running app (history navigation), or loads it when on another origin. */
async function visit(page: Page, base: string, address: string): Promise<void> {
  if (page.url().startsWith(`${base}/study`)) {
    await page.evaluate((to) => {
      window.history.pushState({}, '', to);
      window.dispatchEvent(new PopStateEvent('popstate'));
    }, address);
  } else {
    await page.goto(`${base}${address}`);
  }
  // The layout's navbar, the sign-in page, or the route error view (which has neither).
  await page.locator('[data-testid="navbar"], [data-testid="login-page"], .portal-result').first().waitFor();
  await settle(page);
}

interface Finding {
  where: string;
  id: string;
  impact: string | null;
  help: string;
  helpUrl: string;
  targets: string[];
}

/** Runs axe (WCAG 2.x A and AA) on the page and returns what it found, labelled `where`. */
async function audit(page: Page, where: string): Promise<Finding[]> {
  const violations = await page.evaluate(async (tags) => {
    type Result = { violations: { id: string; impact: string | null; help: string; helpUrl: string; nodes: { target: unknown[] }[] }[] };
    const axe = (window as unknown as { axe: { run(ctx: Document, opts: object): Promise<Result> } }).axe;
    const result = await axe.run(document, { runOnly: { type: 'tag', values: tags }, resultTypes: ['violations'] });
    return result.violations.map((v) => ({ id: v.id, impact: v.impact, help: v.help, helpUrl: v.helpUrl, targets: v.nodes.map((n) => n.target.map(String).join(' ')) }));
  }, WCAG_TAGS);
  return violations.map((v) => ({ where, ...v }));
}

/** The gate's report: one block per violation, with route, rule, impact, targets and help. */
function report(findings: Finding[]): string {
  return findings
    .map((f) => `${f.where}\n  ${f.id} (${f.impact ?? 'n/a'}): ${f.help}\n  ${f.targets.slice(0, 8).join('\n  ')}${f.targets.length > 8 ? `\n  … ${f.targets.length - 8} more` : ''}\n  help: ${f.helpUrl}`)
    .join('\n');
}

/** Visits, checks where the page landed, and audits. */
async function check(page: Page, base: string, address: string, label: string, expectLogin: boolean): Promise<Finding[]> {
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
  return [...problems, ...(await audit(page, `${label} (landed on ${landed})`))];
}

const tenantCodes = readdirSync(new URL('../../templates/tenants/', import.meta.url))
  .filter((name) => name.endsWith('.json'))
  .map((name) => (JSON.parse(readFileSync(new URL(`../../templates/tenants/${name}`, import.meta.url), 'utf8')) as { code: string }).code);

const gateRoutes = tableRoutes(routes);
let db: pg.Client;
let learnerId = 0;
const addresses = new Map<string, string>();

beforeAll(async () => {
  db = await tenantDb(DEMO);
  learnerId = Number(await first(db, `select id as v from user_account where account = $1`, [LEARNER.account]));
  for (const route of gateRoutes) addresses.set(route.path, await addressOf(route, db, learnerId));
});
afterAll(() => db?.end());

/** The learner's signed-in storage (demo origin), made once through the login form. */
let signedIn: Awaited<ReturnType<BrowserContext['storageState']>> | undefined;
async function signedInState(browser: Browser): Promise<NonNullable<typeof signedIn>> {
  if (signedIn) return signedIn;
  const page = await variantPage(browser, LIGHT_ZH);
  await page.goto(`${origin('demo')}/study/login`);
  await page.getByTestId('login-account').fill(LEARNER.account);
  await page.getByTestId('login-password').fill(LEARNER.password);
  await page.getByTestId('login-submit').click();
  await page.getByTestId('user-menu').waitFor();
  signedIn = await page.context().storageState();
  await page.context().close();
  return signedIn;
}

/** Audits `list` in one variant: guests in one page, signed-in routes in another, both inside the SPA. */
async function auditRoutes(browser: Browser, variant: Variant, list: GateRoute[]): Promise<Finding[]> {
  const guest = await variantPage(browser, variant);
  const member = await variantPage(browser, variant, await signedInState(browser));
  const findings: Finding[] = [];
  try {
    for (const route of list) {
      const address = addresses.get(route.path)!;
      const label = `${address} [${variantName(variant)}, ${route.auth ? 'signed in' : 'guest'}]`;
      const started = Date.now();
      findings.push(...(await check(route.auth ? member : guest, origin('demo'), address, label, route.isLogin)));
      // A11Y_GATE_TIMING=1 prints each page's time, to find what eats the gate's budget.
      if (process.env.A11Y_GATE_TIMING) console.log(`${Date.now() - started} ms ${label}`);
    }
  } finally {
    await Promise.all([guest.context().close(), member.context().close()]);
  }
  return findings;
}

/** Audits every tenant's home in one variant, as a guest. */
async function auditHomes(browser: Browser, variant: Variant): Promise<Finding[]> {
  const page = await variantPage(browser, variant);
  const findings: Finding[] = [];
  try {
    for (const code of tenantCodes) findings.push(...(await check(page, origin(code), '/study/home', `${code} /study/home [${variantName(variant)}, guest]`, false)));
  } finally {
    await page.context().close();
  }
  return findings;
}

/** One route per feature folder, the first in table order (see the header for why this suffices). */
function featureSample(): GateRoute[] {
  const seen = new Set<string>();
  return gateRoutes.filter((r) => !seen.has(r.feature) && seen.add(r.feature));
}

describe('accessibility gate (axe, WCAG 2.1 A and AA)', () => {
  test('the route table is read and every required param has an id', () => {
    expect(gateRoutes.length).toBeGreaterThan(pageRoutes.length);
    expect(gateRoutes.map((r) => r.name)).toEqual(expect.arrayContaining(['home', 'login', 'courseDetail', 'tabBarIndex', 'error']));
    expect([...addresses.values()].filter((a) => a.includes(':'))).toEqual([]);
  });

  test('every route, light zh, as a guest or signed in by its meta', { timeout: 150_000 }, async ({ browser }) => {
    const findings = await auditRoutes(browser, LIGHT_ZH, gateRoutes);
    expect(findings.length, `axe found violations:\n${report(findings)}`).toBe(0);
  });

  test('each demo tenant home, light zh', { timeout: 60_000 }, async ({ browser }) => {
    const findings = await auditHomes(browser, LIGHT_ZH);
    expect(findings.length, `axe found violations:\n${report(findings)}`).toBe(0);
  });

  for (const variant of VARIANTS) {
    test(`each tenant home and one route per feature folder, ${variantName(variant)}`, { timeout: 90_000 }, async ({ browser }) => {
      const findings = [...(await auditHomes(browser, variant)), ...(await auditRoutes(browser, variant, featureSample()))];
      expect(findings.length, `axe found violations:\n${report(findings)}`).toBe(0);
    });
  }
});
