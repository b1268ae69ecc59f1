// GET /cm/api/content/partList: the parts of one published content in play order, the list the
// content detail page shows and hands to the floating audio player; an unknown, unpublished or
// other tenant's content answers CONTENT_NOT_FOUND as content/info does.
import { sql } from 'kysely';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { withTenant } from '../../server/db/database';
import { createTestApp, getJson, type TestApp } from './harness';

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp();
});
afterAll(() => t.close());

async function data(url: string) {
  const { status, body } = await getJson(t.app, url);
  expect(status).toBe(200);
  expect(body, body.message).toMatchObject({ success: true, code: 200, flag: 0 });
  return body.data;
}

async function notFound(url: string) {
  const { status, body } = await getJson(t.app, url);
  expect(status, url).toBe(200);
  expect(body, url).toMatchObject({ success: false, code: 404, errorCode: 'CONTENT_NOT_FOUND' });
  return body;
}

// The owner connection is not held by row-level security, so the direct queries below name the tenant.

/** A seeded content of the tenant with the most parts (audiobooks, purposes 5/6/7, have them). */
async function contentWithParts(tenantId: number) {
  return withTenant(t.db.owner, tenantId, (trx) => trx.selectFrom('content_part')
    .select(['content_id', sql<number>`count(*)::int`.as('n')])
    .where('tenant_id', '=', tenantId)
    .groupBy('content_id').orderBy(sql`count(*)`, 'desc').orderBy('content_id')
    .executeTakeFirstOrThrow());
}

describe('GET /cm/api/content/partList', () => {
  it('lists a published content\'s parts in play order with the card fields', async () => {
    const { content_id: contentId, n } = await contentWithParts(1001);
    expect(n).toBeGreaterThan(1);
    const parts = await data(`/cm/api/content/partList?tenantId=1001&contentId=${contentId}`);
    expect(parts).toHaveLength(n);
    for (const p of parts) {
      expect(Object.keys(p).sort()).toEqual(['contentId', 'duration', 'id', 'kind', 'mediaUrl', 'sort', 'title']);
      expect(p.contentId).toBe(contentId);
      expect(p.title.length).toBeGreaterThan(0);
      expect(['video', 'audio', 'pdf', 'article', 'link']).toContain(p.kind);
      expect(p.duration).toBeGreaterThanOrEqual(0);
    }
    const sorts = parts.map((p: { sort: number }) => p.sort);
    expect(sorts).toEqual([...sorts].sort((a, b) => a - b));
    // The content's card counts the same parts.
    expect((await data(`/cm/api/content/info?tenantId=1001&id=${contentId}`)).partCount).toBe(n);
  });

  it('orders by sort, not by id, after the parts are reordered', async () => {
    const { content_id: contentId } = await contentWithParts(1001);
    const before: { id: number }[] = await data(`/cm/api/content/partList?tenantId=1001&contentId=${contentId}`);
    // Reverse the order in the database: the last part becomes the first.
    await withTenant(t.db.owner, 1001, (trx) => trx.updateTable('content_part')
      .set({ sort: sql`1000 - sort` }).where('tenant_id', '=', 1001).where('content_id', '=', contentId).execute());
    const after: { id: number }[] = await data(`/cm/api/content/partList?tenantId=1001&contentId=${contentId}`);
    expect(after.map((p) => p.id)).toEqual(before.map((p) => p.id).reverse());
  });

  it('answers an empty list for a published content that is one piece', async () => {
    const single = await withTenant(t.db.owner, 1001, (trx) => trx.selectFrom('content').select('id')
      .where('tenant_id', '=', 1001).where('state', '=', 1)
      .where(({ not, exists, selectFrom }) => not(exists(selectFrom('content_part as p').select('p.id')
        .whereRef('p.tenant_id', '=', 'content.tenant_id').whereRef('p.content_id', '=', 'content.id'))))
      .orderBy('id').executeTakeFirstOrThrow());
    expect(await data(`/cm/api/content/partList?tenantId=1001&contentId=${single.id}`)).toEqual([]);
  });

  it('answers CONTENT_NOT_FOUND for an unknown id, an unpublished content and another tenant\'s content', async () => {
    const { content_id: own } = await contentWithParts(1001);
    const { content_id: acme } = await contentWithParts(1002);
    await notFound('/cm/api/content/partList?tenantId=1001&contentId=99999999');
    const body = await notFound(`/cm/api/content/partList?tenantId=1001&contentId=${acme}`);
    expect(body.message).toBe(`No published content has the id ${acme} in this tenant.`);
    expect(body.data).toBeNull();

    await withTenant(t.db.owner, 1001, (trx) => trx.updateTable('content').set({ state: 0 }).where('tenant_id', '=', 1001).where('id', '=', own).execute());
    try {
      await notFound(`/cm/api/content/partList?tenantId=1001&contentId=${own}`);
      await notFound(`/cm/api/content/info?tenantId=1001&id=${own}`);
    } finally {
      await withTenant(t.db.owner, 1001, (trx) => trx.updateTable('content').set({ state: 1 }).where('tenant_id', '=', 1001).where('id', '=', own).execute());
    }
  });

  it('refuses a missing or non-numeric contentId and an unknown tenant with a message', async () => {
    for (const url of ['/cm/api/content/partList?tenantId=1001', '/cm/api/content/partList?tenantId=1001&contentId=abc']) {
      const { body } = await getJson(t.app, url);
      expect(body.success, url).toBe(false);
      expect(body.message, url).toMatch(/contentId/);
    }
    const { body } = await getJson(t.app, '/cm/api/content/partList?tenantId=987654&contentId=1');
    expect(body).toMatchObject({ success: false, errorCode: 'TENANT_NOT_FOUND' });
  });
});
