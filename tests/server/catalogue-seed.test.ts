import { mkdtemp, readFile, readdir } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { sql } from 'kysely';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { withTenant } from '../../server/db/database';
import { loadTenantSeeds, seedTenants } from '../../server/db/seed';
import { buildCataloguePlan, writeCatalogueCovers } from '../../server/db/seed-catalogue';
import { buildCoverSvg, wrapTitle, type CoverSpec } from '../../server/db/seed-catalogue-covers';
import { createTestApp, getJson, type TestApp } from './harness';

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp();
});
afterAll(() => t.close());

const CATALOGUE_TABLES = [
  'category', 'teacher', 'content', 'content_part', 'course', 'course_phase', 'course_phase_content', 'subject', 'subject_item',
  'training_class', 'live_room', 'exam', 'task', 'game', 'notice', 'article', 'user_integral', 'provider', 'product', 'banner',
];

/** Rows of a table for one tenant, read as the owner under that tenant. */
async function countRows(tenantId: number, table: string): Promise<number> {
  const { rows } = await withTenant(t.db.owner, tenantId, (trx) =>
    sql<{ n: number }>`select count(*)::int as n from ${sql.table(table)} where tenant_id = ${tenantId}`.execute(trx));
  return rows[0]!.n;
}

describe('the generated catalogue', () => {
  it('gives demo and acme dozens of each kind, 1533 a smaller set, shop its products, ai a small one', async () => {
    for (const tenantId of [1001, 1002]) {
      expect(await countRows(tenantId, 'course')).toBe(36);
      expect(await countRows(tenantId, 'course_phase')).toBeGreaterThanOrEqual(36 * 3);
      expect(await countRows(tenantId, 'course_phase_content')).toBeGreaterThanOrEqual(36 * 6);
      expect(await countRows(tenantId, 'content')).toBeGreaterThanOrEqual(60);
      expect(await countRows(tenantId, 'category')).toBeGreaterThanOrEqual(40);
      for (const table of ['subject', 'training_class', 'live_room', 'exam', 'task', 'game', 'notice', 'article', 'teacher']) {
        expect(await countRows(tenantId, table), table).toBeGreaterThanOrEqual(10);
      }
      expect(await countRows(tenantId, 'banner')).toBeGreaterThanOrEqual(3);
    }
    expect(await countRows(1533, 'course')).toBeLessThan(36);
    expect(await countRows(1533, 'course')).toBeGreaterThanOrEqual(10);
    expect(await countRows(1003, 'product')).toBeGreaterThanOrEqual(30);
    expect(await countRows(1003, 'provider')).toBeGreaterThanOrEqual(5);
    // The ai tenant has a small set for its assistant to answer from (seed-catalogue-ai.ts).
    expect(await countRows(1004, 'course')).toBe(3);
    expect(await countRows(1004, 'exam')).toBe(1);
    expect(await countRows(1004, 'content')).toBe(6 + 3 + 12);
    for (const table of ['product', 'provider', 'training_class', 'live_room', 'banner']) expect(await countRows(1004, table), table).toBe(0);
  });

  it('is not written twice when the seed runs again (a restart)', async () => {
    const before = await countRows(1001, 'course');
    expect(await seedTenants(t.db.owner, await loadTenantSeeds())).toEqual([]);
    expect(await countRows(1001, 'course')).toBe(before);
  });

  it('makes generated learners that cannot sign in', async () => {
    const members = await withTenant(t.db.owner, 1001, (trx) =>
      trx.selectFrom('user_account').select(['account', 'password_hash']).where('tenant_id', '=', 1001).where('account', 'like', 'member%').execute());
    expect(members.length).toBe(30);
    for (const m of members) expect(m.password_hash).toBe('locked');
  });

  it('derives category paths from the parent and refuses moving a category', async () => {
    await withTenant(t.db.app, 1001, async (trx) => {
      const root = await trx.insertInto('category').values({ tenant_id: 1001, parent_id: null, purpose: 6, name: 'Test root', icon: null }).returning(['id', 'path']).executeTakeFirstOrThrow();
      const child = await trx.insertInto('category').values({ tenant_id: 1001, parent_id: root.id, purpose: 6, name: 'Test child', icon: null }).returning(['id', 'path']).executeTakeFirstOrThrow();
      expect(root.path).toBe(`/${root.id}/`);
      expect(child.path).toBe(`/${root.id}/${child.id}/`);
      // The refused move aborts the transaction, so the test rows roll back with it.
      await expect(trx.updateTable('category').set({ parent_id: null }).where('id', '=', child.id).execute()).rejects.toThrow(/not supported yet/);
    });
  });
});

describe('cover images', () => {
  const spec: CoverSpec = { file: 'seed/covers/1/course-1.svg', shape: 'cover', title: 'Mastering <SQL> & "joins"', label: 'Course', seed: 42 };

  it('builds the same SVG for the same spec (pure), escaping the text', () => {
    const svg = buildCoverSvg(spec);
    expect(buildCoverSvg({ ...spec })).toBe(svg);
    expect(svg.startsWith('<svg xmlns="http://www.w3.org/2000/svg"')).toBe(true);
    expect(svg).toContain('Mastering &lt;SQL&gt; &amp; &quot;joins&quot;');
    expect(svg).not.toContain('<SQL>');
    expect(buildCoverSvg({ ...spec, seed: 43 })).not.toBe(svg);
    const avatar = { file: 'seed/covers/1/teacher-1.svg', shape: 'avatar', seed: 7 } as const;
    expect(buildCoverSvg({ ...avatar, title: '李静' })).toContain('>李静</text>');
    expect(buildCoverSvg({ ...avatar, title: 'Grace Holden' })).toContain('>GH</text>');
  });

  it('wraps long titles: Latin at spaces, CJK anywhere, with an ellipsis past the last line', () => {
    expect(wrapTitle('A practical guide to financial statements', 10, 3)).toEqual(['A practical guide', 'to financial', 'statements']);
    const zh = wrapTitle('零基础学数据分析与可视化报表制作实战', 8, 2);
    expect(zh).toHaveLength(2);
    expect(zh[0]).toBe('零基础学数据分析');
    expect(zh[1]!.endsWith('…')).toBe(true);
  });

  it('builds the same plan for the same clock, and the same covers whatever the clock', () => {
    const now = new Date('2026-03-01T08:00:00Z');
    expect(buildCataloguePlan(1001, now)).toEqual(buildCataloguePlan(1001, now));
    const later = buildCataloguePlan(1001, new Date('2027-01-01T00:00:00Z'))!;
    expect(later.covers).toEqual(buildCataloguePlan(1001, now)!.covers);
    expect(later.courses.map((c) => c.title)).toEqual(buildCataloguePlan(1001, now)!.courses.map((c) => c.title));
    expect(buildCataloguePlan(9999, now)).toBeUndefined();
  });

  it('writes every image a seeded row points at into the upload dir', async () => {
    const dir = await mkdtemp(join(tmpdir(), 'covers-'));
    const written = await writeCatalogueCovers(dir);
    expect(written).toBeGreaterThan(400);
    const urls = await withTenant(t.db.owner, 1002, async (trx) => [
      ...(await trx.selectFrom('course').select('cover').where('tenant_id', '=', 1002).execute()).map((r) => r.cover),
      ...(await trx.selectFrom('teacher').select('avatar as cover').where('tenant_id', '=', 1002).execute()).map((r) => r.cover),
      ...(await trx.selectFrom('banner').select('image as cover').where('tenant_id', '=', 1002).execute()).map((r) => r.cover),
    ]);
    const files = new Set(await readdir(join(dir, 'seed', 'covers', '1002')));
    for (const url of urls) {
      expect(url).toMatch(/^\/uploads\/seed\/covers\/1002\//);
      expect(files.has(url!.split('/').pop()!), url!).toBe(true);
    }
    const svg = await readFile(join(dir, urls[0]!.replace(/^\/uploads\//, '')), 'utf8');
    expect(svg).toMatch(/^<svg [^>]*>.*<\/svg>$/s);
  });
});

describe('tenant isolation of the catalogue', () => {
  it('puts tenant_id first in every catalogue primary key, with RLS forced', async () => {
    const { rows } = await sql<{ table: string; first: string; forced: boolean }>`
      select c.relname as table, a.attname as first, c.relforcerowsecurity as forced
      from pg_class c join pg_index i on i.indrelid = c.oid and i.indisprimary
      join pg_attribute a on a.attrelid = c.oid and a.attnum = i.indkey[0]
      where c.relname = any(${CATALOGUE_TABLES})`.execute(t.db.owner);
    expect(rows.map((r) => r.table).sort()).toEqual([...CATALOGUE_TABLES].sort());
    for (const row of rows) expect(row, row.table).toMatchObject({ first: 'tenant_id', forced: true });
  });

  it('never lists acme\'s rows for demo', async () => {
    const calls = [
      '/cm/api/course/search', '/cm/api/subject/search', '/cm/api/content/search', '/cm/api/article/search', '/cm/api/notice/searchAuth',
      '/train/api/classes/searchAuth', '/train/api/room/search', '/exam/api/exam/search', '/task/api/task/searchAuth', '/task/api/game/search',
    ];
    const tables = ['course', 'subject', 'content', 'article', 'notice', 'training_class', 'live_room', 'exam', 'task', 'game'];
    for (const [i, path] of calls.entries()) {
      const acmeIds = new Set((await withTenant(t.db.owner, 1002, (trx) =>
        sql<{ id: number }>`select id from ${sql.table(tables[i]!)} where tenant_id = 1002`.execute(trx))).rows.map((r) => Number(r.id)));
      const { body } = await getJson(t.app, `${path}?tenantId=1001&pageSize=50`);
      expect(body.data.total, path).toBeGreaterThan(0);
      for (const item of body.data.list) expect(acmeIds.has(item.id), `${path} listed acme's ${item.id}`).toBe(false);
    }
  });

  it('hides a row written for 1002 from 1001, even without a WHERE tenant_id', async () => {
    const title = 'Acme-only onboarding for isolation';
    const id = await withTenant(t.db.app, 1002, async (trx) =>
      (await trx.insertInto('course').values({ tenant_id: 1002, category_id: null, teacher_id: null, title, cover: null, summary: null })
        .returning('id').executeTakeFirstOrThrow()).id);
    expect(await withTenant(t.db.app, 1001, (trx) => trx.selectFrom('course').select('id').where('id', '=', id).execute())).toEqual([]);
    expect(await withTenant(t.db.app, 1002, (trx) => trx.selectFrom('course').select('id').where('id', '=', id).execute())).toEqual([{ id }]);
    const search = `searchValue=${encodeURIComponent(title)}`;
    expect((await getJson(t.app, `/cm/api/course/search?tenantId=1001&${search}`)).body.data.total).toBe(0);
    expect((await getJson(t.app, `/cm/api/course/search?tenantId=1002&${search}`)).body.data.list.map((c: { id: number }) => c.id)).toEqual([id]);
  });

  it('refuses to write a catalogue row for another tenant', async () => {
    await expect(withTenant(t.db.app, 1001, (trx) =>
      trx.insertInto('banner').values({ tenant_id: 1002, store_id: null, title: 'x', image: '/x.svg', link: null }).execute(),
    )).rejects.toThrow(/row-level security/);
  });
});
