import { readFileSync, readdirSync } from 'node:fs';
import { createRequire } from 'node:module';
import type pg from 'pg';
import type { Browser, BrowserContext, Page } from 'playwright-core';
import type { RouteObject } from 'react-router';
import { afterAll, beforeAll, describe, expect, inject } from 'vitest';
import { pageRoutes } from '../../src/app/page-routes';
import { routes } from '../../src/app/router';
import { runtimePageRoutes } from '../../src/app/runtime-routes';
import { APP_ROLE } from '../../server/db/roles';
import { test, UI_TIMEOUT, VIEWPORT } from './browser';
import { tenantDb } from './db';

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
  // issue 16: the page designer of the first page (a learner sees its 403 "no access" result).
  'sub_admin/designer/:pageId': (db) => first(db, 'select id as v from page order by id limit 1'),
  // issue 18 part A: the exam builder of an exam (the learner is refused: the page's 403 is audited).
  'sub_admin/exams/:id': (db) => first(db, 'select id as v from exam order by id limit 1'),
  // issue 18 part B: the previewable all-kinds exam (seed-exam-kinds.ts), and the detail's alias.
  'exam/preview/:id': (db) => first(db, `select id as v from exam where allow_preview and state = 1 order by id limit 1`),
  'exam/detail/index/:id': (db) => first(db, `select id as v from exam where type = 'exam' and state = 1 order by id limit 1`),
  // issue 17: a seeded live room open to every learner (its three layouts), and a room that asks for enrolment.
  'chatRoom/detail/:id': (db) => first(db, `select id as v from live_room where live_state = 'live' and not need_enroll order by id limit 1`),
  'chatRoom/txTest/:id': (db) => first(db, `select id as v from live_room where live_state = 'live' and not need_enroll order by id limit 1`),
  'chatRoom/vhallLive/:id': (db) => first(db, `select id as v from live_room where live_state = 'live' and not need_enroll order by id limit 1`),
  'chatRoom/detail/baseInfo/:id': (db) => first(db, `select id as v from live_room where need_enroll order by id limit 1`),
  // issue 17: a class's circle (its id is the class's), one the learner is an enrolled member of (members only).
  'circle/detail/:id': (db, learner) => first(db, `select m.classes_id as v from classes_member m join training_class c on c.id = m.classes_id
    where m.user_id = $1 and m.left_at is null and c.state = 1 order by m.classes_id limit 1`, [learner]),
};

const courseId: IdQuery = (db, learner) => ID_SOURCES['course/detail/:id']!(db, learner);
const withId = (source: IdQuery): IdQuery => async (db, learner) => {
  const id = await source(db, learner);
  return id && `id=${id}`;
};

const enrolledClass: IdQuery = (db, learner) => ID_SOURCES['circle/detail/:id']!(db, learner);
const withClassesId = (source: IdQuery): IdQuery => async (db, learner) => {
  const id = await source(db, learner);
  return id && `classesId=${id}`;
};

/**
 * The query string of a page that reads its record from it (keyed by the route's path), so the
 * gate audits the real page, not its not-found state. Queries run in the demo tenant after setup
 * (which hands in an exam attempt, see prepare()).
 */
const QUERY_SOURCES: Record<string, IdQuery> = {
  'user/center/study/news/detail': withId((db, learner) => first(db, `select id as v from user_message where user_id = $1 order by id limit 1`, [learner])),
  'user/center/study/noticeDetail': withId((db) => first(db, `select id as v from notice where state = 1 and is_public order by id limit 1`)),
  'exam/examResult': withId((db, learner) => first(db, `select a.id as v from exam_attempt a join exam e on e.id = a.exam_id
    where a.user_id = $1 and a.state = 'submitted' and e.type = 'exam' order by a.id desc limit 1`, [learner])),
  'exam/result': withId((db, learner) => first(db, `select a.id as v from exam_attempt a where a.user_id = $1 and a.state = 'submitted' order by a.id desc limit 1`, [learner])),
  'classes/memberList': withId((db, learner) => first(db, `select c.id as v from training_class c where c.state = 1
    order by exists (select 1 from classes_member m where m.classes_id = c.id and m.user_id = $1) desc, c.id limit 1`, [learner])),
  // issue 17: a class's comments, statistics and sign-in read ?classesId=, one the learner is enrolled in.
  'classes/userList': withClassesId(enrolledClass),
  'classes/statis': withClassesId(enrolledClass),
  'attendance/detail': withClassesId(enrolledClass),
  // issue 18: the learner's seeded homework: a marked one (mark and comment) and one awaiting marking.
  'homeWork/detail': withId((db, learner) => first(db, `select homework_id as v from homework_submission where user_id = $1 and state = 'marked' order by id limit 1`, [learner])),
  'zuoye/detail': withId((db, learner) => first(db, `select homework_id as v from homework_submission where user_id = $1 and state = 'submitted' order by id limit 1`, [learner])),
  // issue 18: practising the mistakes of an exam the learner handed in (prepare() hands one in).
  'exam/practice': async (db, learner) => {
    const id = await first(db, `select a.exam_id as v from exam_attempt a join exam e on e.id = a.exam_id
      where a.user_id = $1 and a.state <> 'open' and e.type = 'exam' order by a.id desc limit 1`, [learner]);
    return id && `examId=${id}`;
  },
  'sub_cm/content/detail': withId((db) => first(db, `select id as v from content where state = 1 order by purpose not in (2, 5) desc, id limit 1`)),
  'sub_cm/content/detail/new_index': withId((db) => first(db, `select id as v from content where state = 1 order by purpose not in (2, 5) desc, id limit 1`)),
  'sub_cm/course/detail': withId(courseId),
  'sub_cm/subject/detail': withId(ID_SOURCES['subject/detail/:id']!),
  // Two characters of the first course's title, which the total search finds.
  search: async (db) => {
    const words = await first(db, `select left(title, 2) as v from course where state = 1 order by id limit 1`);
    return words && `searchValue=${encodeURIComponent(words)}&type=total`;
  },
  // Buying one product now (the cart's confirmation is checked on the shop tenant, see below).
  'sub_shop/order_confirm/order_confirm': async (db, learner) => {
    const id = await ID_SOURCES['product/detail/:id']!(db, learner);
    return id && `prodId=${id}&quantity=1`;
  },
};

/**
 * Routes whose record lives in the shop tenant (the demo tenant sells nothing, so its product pages
 * could only show their not-found state): visited on shop's origin, signed in there as its learner.
 */
const SHOP_ROUTES = new Set(['product/detail/:id', 'sub_shop/noval/:id', 'sub_shop/order_confirm/order_confirm']);
const tenantOf = (route: GateRoute) => (SHOP_ROUTES.has(route.path.replace(/^\//, '')) ? 'shop' : 'demo');

/** The address of a route under /study with its required params filled from the seed. */
async function addressOf(route: GateRoute, db: pg.Client, learnerId: number): Promise<string> {
  const relative = route.path.replace(/^\//, '');
  let address = route.path;
  for (const [token, param, optional] of Array.from(route.path.matchAll(/:(\w+)(\?)?/g), (m) => [m[0], m[1]!, m[2]] as const)) {
    if (optional && !ID_SOURCES[relative]) {
      address = address.replace(`/${token}`, '');
      continue;
    }
    const source = ID_SOURCES[relative] ?? ID_SOURCES[param];
    if (!source) throw new Error(`Route ${route.path} needs an id for :${param}: add it to ID_SOURCES in tests/e2e/a11y-gate.test.ts (a query on the demo seed).`);
    const value = await source(db, learnerId);
    if (!value) throw new Error(`Route ${route.path}: the ID_SOURCES query for :${param} found nothing in the demo tenant's seed.`);
    address = address.replace(token, encodeURIComponent(value));
  }
  const query = QUERY_SOURCES[relative];
  if (!query) return `/study${address}`;
  const search = await query(db, learnerId);
  if (!search) throw new Error(`Route ${route.path}: the QUERY_SOURCES query found nothing in the demo tenant's seed.`);
  return `/study${address}?${search}`;
}

/** Whether the route's record comes from the seed (a param or a query), so its page must show it. */
const needsRecord = (route: GateRoute) => /:\w+(?![\w?])/.test(route.path) || route.path.replace(/^\//, '') in QUERY_SOURCES;

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

/** Requests under way (chunks, API calls), counted from the page's events. */
const inflight = new WeakMap<Page, { count: number }>();
function watchRequests(page: Page): void {
  const state = { count: 0 };
  inflight.set(page, state);
  page.on('request', () => state.count++);
  page.on('requestfinished', () => state.count--);
  page.on('requestfailed', () => state.count--);
}

/** A page's own not-found or error state (antd's 404, warning and error results, an error alert). */
const NOT_FOUND = '.ant-result-404, .ant-result-warning, .ant-result-error, .ant-alert-error';

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
  /** axe's account of the first element (e.g. the colours and ratio it measured). */
  summary?: string;
}

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
    await page.waitForLoadState('load');
    const moved = new URL(page.url()).pathname;
    if (moved === '/study/login' && !expectLogin) {
      problems.push({ where: label, id: 'gate-signed-out', impact: null, help: `${address} went on to /login while it was audited`, helpUrl: '', targets: [] });
    }
    return [...problems, ...(await audit(page, `${label} (landed on ${landed}, went on to ${moved})`))];
  }
}

const gateRoutes = tableRoutes(routes);
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
  const guest = await variantPage(browser, variant);
  const member = await variantPage(browser, variant, state);
  const findings: Finding[] = [];
  try {
    // The demo tenant's routes first, then the shop's: one load of the other origin per page.
    const list = pass.routes === 'all' ? gateRoutes : featureSample();
    for (const route of [...list.filter((r) => tenantOf(r) === 'demo'), ...list.filter((r) => tenantOf(r) === 'shop')]) {
      const address = addresses.get(route.path)!;
      const signedIn = route.auth || (pass.publicSignedIn && !route.isLogin);
      const label = `${tenantOf(route)} ${address} [${variantName(variant)}, ${signedIn ? 'signed in' : 'guest'}]`;
      const started = Date.now();
      findings.push(...(await check(signedIn ? member : guest, origin(tenantOf(route)), address, label, route.isLogin, needsRecord(route))));
      // A11Y_GATE_TIMING=1 prints each page's time, to find what eats the gate's budget.
      if (process.env.A11Y_GATE_TIMING) console.log(`${Date.now() - started} ms ${label}`);
    }
  } finally {
    await Promise.all([guest.context().close(), member.context().close()]);
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
    test(`${what}, ${variantName(pass.variant)}, ${who}`, { timeout: pass.routes === 'all' ? 180_000 : 90_000 }, async ({ browser }) => {
      const findings = await auditRoutes(browser, pass);
      expect(findings.length, `axe found violations:\n${report(findings)}`).toBe(0);
    });
  }

  test('each demo tenant home in all four variants, as a guest', { timeout: 120_000 }, async ({ browser }) => {
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
