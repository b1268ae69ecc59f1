// Tenant isolation of every content call (issue 7 item 7: "acme's learner cannot read demo's
// courses by id"). Every route under server/modules/cm is called twice with the ids of demo's rows
// (tenant 1001): as demo's signed-in learner, who must get demo's data (so each row of the table can
// fail), and as acme's signed-in learner (tenant 1002; the API takes the tenant from the call's
// tenantId, DESIGN "Tenancy"), who must get not-found, an empty answer or a refusal, and never a
// title, comment or id of demo's. Calls that need a sign-in are also made with acme's token and
// demo's tenantId, which must be refused. Writes made as acme on demo's ids must be refused and leave
// demo's rows as they were. A last test reads the route files, so a new cm route without a row here
// fails. Run: npx vitest run --project server tests/server/content-isolation.test.ts
// The fixture is content-isolation-fixture.ts; the case tables are content-isolation-cases.ts.
import { readdir, readFile } from 'node:fs/promises';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { describe, expect, it } from 'vitest';
import type { Envelope } from './api';
import { READS, WRITES, owner, type ReadCase } from './content-isolation-cases';
import {
  ACME, DEMO, DEMO_ONLY_MEDIA, SHARED_NAME_MEDIA, acmeUser, app, call, data, demo, demoUser, useIsolationFixture,
} from './content-isolation-fixture';

useIsolationFixture();

/** The URL of a read case for a tenant. */
function readUrl(c: ReadCase, tenantId: number): string {
  const [, path] = c.route.split(' ');
  const qs = new URLSearchParams(Object.entries({ tenantId, ...c.query() }).map(([k, v]) => [k, String(v)]));
  return `${path}?${qs}`;
}

/** Fails when an answer to acme carries any of demo's titles or comment text. */
function expectNoDemoText(body: Envelope): void {
  const text = JSON.stringify(body);
  for (const marker of demo.markers) expect(text, `acme's answer carries demo's "${marker}"`).not.toContain(marker);
}

const label = (c: ReadCase & { name?: string }) => `${c.route}${c.name ? ` (${c.name})` : ''}`;

describe('content isolation: reads with demo\'s ids', () => {
  it.each(READS.map((c) => [label(c), c] as const))('%s: demo\'s learner gets demo\'s data', async (_, c) => {
    c.demo(await data('GET', readUrl(c, DEMO), demoUser.token));
  });

  it.each(READS.map((c) => [label(c), c] as const))('%s: acme\'s learner gets none of it', async (_, c) => {
    const body = await call('GET', readUrl(c, ACME), acmeUser.token);
    expectNoDemoText(body);
    if ('errorCode' in c.acme) {
      expect(body, body.message).toMatchObject({ success: false, errorCode: c.acme.errorCode });
      expect(body.data ?? null).toBeNull();
    } else {
      expect(body, body.message).toMatchObject({ success: true, flag: 0 });
      c.acme.check(body.data);
    }
  });

  it.each(READS.filter((c) => c.signedIn).map((c) => [label(c), c] as const))('%s: acme\'s token is refused with demo\'s tenantId', async (_, c) => {
    const body = await call('GET', readUrl(c, DEMO), acmeUser.token);
    expect(body, body.message).toMatchObject({ success: false, flag: 401 });
    expectNoDemoText(body);
  });
});


describe('content isolation: writes on demo\'s ids', () => {
  it.each(WRITES.map((c) => [c.route, c] as const))('%s: refused for acme\'s learner, demo\'s rows untouched; allowed for demo\'s', async (_, c) => {
    const path = c.route.split(' ')[1]!;
    const before = await c.rows();
    expect(before.length, 'demo\'s learner made rows for this write to touch (beforeAll)').toBeGreaterThan(0);

    const asAcme = await call('POST', path, acmeUser.token, { tenantId: ACME, ...(await c.acmeBody()) });
    if (c.acmeError === null) expect(asAcme, asAcme.message).toMatchObject({ success: true, flag: 0 });
    else expect(asAcme, asAcme.message).toMatchObject({ success: false, errorCode: c.acmeError });
    expectNoDemoText(asAcme);
    const withDemoTenant = await call('POST', path, acmeUser.token, { tenantId: DEMO, ...(await c.acmeBody()) });
    if (c.foreignToken === 'guest') expect(withDemoTenant, withDemoTenant.message).toMatchObject({ success: true });
    else expect(withDemoTenant, withDemoTenant.message).toMatchObject({ success: false, flag: 401 });
    expect(await c.rows()).toEqual(before);

    const asDemo = await call('POST', path, demoUser.token, { tenantId: DEMO, ...(await c.demoBody()) });
    expect(asDemo, asDemo.message).toMatchObject({ success: true, flag: 0 });
  });

  it('counts no view on demo\'s article when acme\'s learner opens it (article/info updates view_count)', async () => {
    const id = demo.lists.article.row.id;
    const views = async () => (await owner().selectFrom('article').select('view_count').where('tenant_id', '=', DEMO).where('id', '=', id).executeTakeFirstOrThrow()).view_count;
    const before = await views();
    const asAcme = await call('GET', `/cm/api/article/info?tenantId=${ACME}&id=${id}`, acmeUser.token);
    expect(asAcme).toMatchObject({ success: false, errorCode: 'ARTICLE_NOT_FOUND' });
    expect(await views()).toBe(before);
    await data('GET', `/cm/api/article/info?tenantId=${DEMO}&id=${id}`, demoUser.token);
    expect(await views()).toBe(before + 1);
  });

  it('counts no view on demo\'s topic when acme\'s learner opens it (topic/detail updates view_count)', async () => {
    const views = async () => (await owner().selectFrom('topic').select('view_count').where('tenant_id', '=', DEMO).where('id', '=', demo.topic.id).executeTakeFirstOrThrow()).view_count;
    const before = await views();
    const asAcme = await call('GET', `/cm/api/topic/detail?tenantId=${ACME}&id=${demo.topic.id}`, acmeUser.token);
    expect(asAcme).toMatchObject({ success: false, errorCode: 'TOPIC_NOT_FOUND' });
    expect(await views()).toBe(before);
    await data('GET', `/cm/api/topic/detail?tenantId=${DEMO}&id=${demo.topic.id}`, demoUser.token);
    expect(await views()).toBe(before + 1);
  });

  it('leaves acme\'s learner without a row about demo\'s ids in any tenant', async () => {
    const demoIds = [demo.course.id, demo.subject.id, demo.content.id, demo.lesson, demo.subjectContent];
    for (const table of ['favorite', 'comment', 'appraise'] as const) {
      const rows = await owner().selectFrom(table).select('target_id').where('user_id', '=', acmeUser.id).where('target_id', 'in', demoIds).execute();
      expect(rows, table).toEqual([]);
    }
    expect(await owner().selectFrom('study_record').select('content_id').where('user_id', '=', acmeUser.id).where('content_id', 'in', demoIds).execute()).toEqual([]);
  });
});

// --- Media links and addresses ------------------------------------------------------------------

describe('content isolation: media', () => {
  it('does not let an address climb from acme\'s folder into demo\'s', async () => {
    for (const baseUrl of [`media:../${DEMO}/${DEMO_ONLY_MEDIA}`, `media:${DEMO}/${DEMO_ONLY_MEDIA}`, `media:audio/../../${DEMO}/${DEMO_ONLY_MEDIA}`, `media:audio%2F..%2F..%2F${DEMO}%2F${DEMO_ONLY_MEDIA}`]) {
      const body = await call('GET', `/cm/api/media/decode?${new URLSearchParams({ tenantId: String(ACME), baseUrl })}`, acmeUser.token);
      expect(body, baseUrl).toMatchObject({ success: false, errorCode: 'MEDIA_NOT_FOUND' });
    }
  });

  it('refuses acme\'s signed link moved onto demo\'s folder', async () => {
    const decoded = await data('GET', `/cm/api/media/decode?${new URLSearchParams({ tenantId: String(ACME), baseUrl: `media:${SHARED_NAME_MEDIA}` })}`, acmeUser.token);
    const own = await app.inject({ method: 'GET', url: decoded.url });
    expect(own.statusCode).toBe(200);
    expect(own.body).toBe('RIFF acme bytes');
    const moved = await app.inject({ method: 'GET', url: decoded.url.replace(`/media/${ACME}/`, `/media/${DEMO}/`) });
    expect(moved.statusCode).toBe(403);
    expect(moved.body).not.toContain('demo bytes');
  });
});

// --- Every cm route has a row -------------------------------------------------------------------

/**
 * cm routes whose callers are not learners, so their isolation cases live with their roles: the work
 * review is for teachers (issue 18 part G; tests/server/work-center.test.ts "keeps each tenant's rows to itself").
 */
/** Issue 20 part V's authoring calls: tests/server/creators.test.ts calls each as a guest, another tenant's user and another learner. */
const AUTHORING_ROUTES = [
  'GET /cm/api/content/clearData', 'POST /cm/api/content/clearData', 'GET /cm/api/content/contentInfo', 'GET /cm/api/content/download',
  'GET /cm/api/content/getDownloadUrl', 'GET /cm/api/content/myAuthor', 'GET /cm/api/content/partInfo', 'GET /cm/api/content/partListPage',
  'GET /cm/api/content/partText', 'GET /cm/api/content/searchUpload', 'GET /cm/api/work/audit/workDetail', 'POST /cm/api/content/applyAudit',
  'POST /cm/api/content/delPart', 'POST /cm/api/content/removeUpload', 'POST /cm/api/content/saveContent', 'POST /cm/api/content/savePart',
  'POST /cm/api/content/uploadContent', 'POST /cm/cmContent/save', 'POST /cm/cmContentPart/saveBatch', 'POST /cm/cmContentPart/updateStateBatch',
];
const COVERED_ELSEWHERE = ['GET /cm/api/work/audit/pending', 'POST /cm/api/work/audit/approve', 'POST /cm/api/work/audit/reject',
  // issue 20 part U: the reading platform's calls; tests/server/reading-platform*.test.ts calls each with another tenant's ids and users.
  'GET /cm/api/book/info', 'GET /cm/api/author/info', 'GET /cm/api/author/works', 'GET /cm/api/textPlatform/home', 'GET /cm/api/textPlatform/list',
  'POST /cm/api/book/shelf', 'GET /cm/api/book/shelfList',
  // issue 20 part V: the authoring calls; tests/server/creators.test.ts calls each as a guest, another tenant's user and another learner.
  ...AUTHORING_ROUTES,
  // issue 21 part B: the index's back-office calls; tests/server/ai-index.test.ts calls each as a guest, a learner and another tenant's admin.
  'GET /cm/api/ai/index/status', 'POST /cm/api/ai/index/rebuild', 'POST /cm/api/ai/index/preview',
  // issue 21 part D: assistants, applications, runs and their back office; tests/server/ai-assistants.test.ts calls each as a guest,
  // another tenant's user or admin and another learner, with another tenant's ids.
  'GET /cm/api/ai/assistant/list', 'GET /cm/api/ai/assistant/detail', 'GET /cm/api/ai/application/list', 'GET /cm/api/ai/application/detail',
  'GET /cm/api/ai/application/options', 'POST /cm/api/ai/application/run', 'POST /cm/api/ai/application/stream', 'GET /cm/api/ai/application/runs', 'GET /cm/api/ai/application/run',
  'GET /cm/api/ai/admin/assistants', 'POST /cm/api/ai/admin/assistant/save', 'POST /cm/api/ai/admin/assistant/delete', 'POST /cm/api/ai/admin/assistant/sort',
  'POST /cm/api/ai/admin/application/save', 'POST /cm/api/ai/admin/application/delete', 'POST /cm/api/ai/admin/application/sort',
  // issue 21 part E: drawing, the gallery, styles and writing help; tests/server/ai-image.test.ts and ai-writing.test.ts call each as a
  // guest, with another tenant's token, as another learner and across tenants.
  'GET /cm/api/ai/image/options', 'POST /cm/api/ai/image/generate', 'GET /cm/api/ai/image/mine', 'GET /cm/api/ai/image/showcase',
  'POST /cm/api/ai/image/share', 'POST /cm/api/ai/image/delete', 'GET /cm/api/ai/style/list', 'POST /cm/api/ai/style/save', 'POST /cm/api/ai/style/delete',
  'GET /cm/api/ai/writing/studied', 'GET /cm/api/ai/writing/runs', 'POST /cm/api/ai/writing/run',
  // issue 21 part C: streamed conversations; tests/server/ai-chat.test.ts calls each as a guest, another learner and another tenant's learner.
  'POST /cm/api/ai/chat/stream', 'POST /cm/api/ai/chat/retry', 'POST /cm/api/ai/chat/feedback', 'POST /cm/api/ai/chat/rename',
  // issue 21 part A: the provider's settings; tests/server/ai-provider.test.ts refuses guests, learners and another tenant's admin and
  // shows demo never reads ai's row; ai-isolation-more.test.ts another tenant's token on get and test.
  'GET /cm/api/ai/provider/get', 'POST /cm/api/ai/provider/save', 'POST /cm/api/ai/provider/test', 'GET /cm/api/ai/capabilities',
  // issue 21 part F: credits; tests/server/ai-credits*.test.ts refuse guests and another tenant's session and isolate the ledger and
  // accounts; ai-isolation-more.test.ts: packages list only the tenant's own products, another tenant's token on speech and accounts.
  'GET /cm/api/ai/credits/balance', 'GET /cm/api/ai/credits/ledger', 'GET /cm/api/ai/credits/packages', 'GET /cm/api/ai/credits/rules',
  'POST /cm/api/ai/credits/rules', 'GET /cm/api/ai/credits/accounts', 'POST /cm/api/ai/credits/adjust', 'POST /cm/api/ai/speech',
  // issue 21 part E: the streamed writing run; ai-image-provider.test.ts (guest) and ai-isolation-more.test.ts (another tenant's token).
  'POST /cm/api/ai/writing/stream'];

/** The routes the cm route files register: `METHOD path`, with searchFavor's `${type}` expanded. */
async function registeredCmRoutes(): Promise<string[]> {
  const dir = fileURLToPath(new URL('../../server/modules/cm', import.meta.url));
  const routes = new Set<string>();
  for (const file of (await readdir(dir)).filter((f) => f.endsWith('.ts'))) {
    const source = await readFile(join(dir, file), 'utf8');
    for (const m of source.matchAll(/\.(get|post|put|delete|patch)\(\s*(['`])(\/cm\/[^'`]+)\2/g)) {
      const path = m[3]!;
      const expanded = path.includes('${type}') ? ['course', 'subject', 'content'].map((type) => path.replace('${type}', type)) : [path];
      for (const p of expanded) routes.add(`${m[1]!.toUpperCase()} ${p}`);
    }
  }
  return [...routes].sort();
}

describe('content isolation: coverage', () => {
  it('has a case for every route of server/modules/cm, and each case names a registered route', async () => {
    const covered = new Set([...READS, ...WRITES].map((c) => c.route).concat(COVERED_ELSEWHERE));
    const registered = await registeredCmRoutes();
    expect(registered.length).toBeGreaterThanOrEqual(40);
    expect(registered.filter((r) => !covered.has(r)), 'cm routes without an isolation case').toEqual([]);
    for (const route of covered) {
      const [method, url] = route.split(' ') as ['GET' | 'POST', string];
      expect(app.hasRoute({ method, url }), route).toBe(true);
    }
  });
});

