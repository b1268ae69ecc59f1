import { mkdtemp, readFile, stat } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { withTenant } from '../../server/db/database';
import { seedAssets } from '../../server/db/seed';
import { buildCataloguePlan } from '../../server/db/seed-catalogue';
import { articleDocument } from '../../server/db/seed-documents';
import { ZH_ACADEMY } from '../../server/db/seed-catalogue-words-zh';
import { createTestApp, type TestApp } from './harness';

// The seeded articles' and PDFs' documents (server/db/seed-documents.ts): every row points at a
// real file that seedAssets writes into the upload dir.

let t: TestApp;
let uploadDir: string;
beforeAll(async () => {
  t = await createTestApp();
  uploadDir = await mkdtemp(join(tmpdir(), 'docs-'));
  await seedAssets(uploadDir);
});
afterAll(() => t.close());

/** The seeded article and pdf contents of a tenant, and its article parts. */
async function documentRows(tenantId: number) {
  return withTenant(t.db.owner, tenantId, async (trx) => [
    ...(await trx.selectFrom('content').select(['id', 'kind', 'purpose', 'media_url']).where('tenant_id', '=', tenantId)
      .where('kind', 'in', ['article', 'pdf']).execute()),
    ...(await trx.selectFrom('content_part').select(['id', 'kind', 'media_url']).where('tenant_id', '=', tenantId)
      .where('kind', '=', 'article').execute()).map((p) => ({ ...p, purpose: null })),
  ]);
}

describe('seeded documents', () => {
  it.each([1001, 1002])('gives every article and pdf of %i a non-empty file in the upload dir', async (tenantId) => {
    const rows = await documentRows(tenantId);
    expect(rows.filter((r) => r.kind === 'pdf').length).toBeGreaterThan(0);
    expect(rows.filter((r) => r.kind === 'article' && r.purpose !== 99).length).toBeGreaterThan(10);
    for (const row of rows) {
      expect(row.media_url, `${row.kind} ${row.id}`).toMatch(new RegExp(`^/uploads/seed/(docs|help)/${tenantId}/[\\w-]+\\.(html|pdf)$`));
      const file = join(uploadDir, row.media_url!.slice('/uploads/'.length));
      expect((await stat(file)).size, file).toBeGreaterThan(0);
      const body = await readFile(file);
      if (row.kind === 'pdf') {
        expect(row.media_url).toMatch(/\.pdf$/);
        expect(body.subarray(0, 8).toString('latin1')).toBe('%PDF-1.4');
        const text = body.toString('latin1');
        expect(text).toContain('(Study portal demo document) Tj');
        // The standard fonts have no CJK glyphs: a Chinese title is put in English, never shown as "?"
        // (an English title may ask a question).
        expect(/\/F2 20 Tf \d+ \d+ Td \(([^)]*)\) Tj/.exec(text)![1]).toMatch(tenantId === 1001 ? /^[A-Z][\x20-\x3e\x40-\x7e]+$/ : /^[A-Z][\x20-\x7e]+$/);
      } else {
        expect(body.toString('utf8')).toMatch(/<(p|ol|ul)>/);
      }
    }
  });

  it.each([1001, 1002])('gives every shared article and news item of %i its text', async (tenantId) => {
    const rows = await withTenant(t.db.owner, tenantId, (trx) => trx.selectFrom('article').select(['id', 'body_url']).where('tenant_id', '=', tenantId).execute());
    expect(rows.length).toBeGreaterThan(5);
    for (const row of rows) {
      expect(row.body_url, `article ${row.id}`).toMatch(new RegExp(`^/uploads/seed/docs/${tenantId}/article-\\d+\\.html$`));
      expect(await readFile(join(uploadDir, row.body_url!.slice('/uploads/'.length)), 'utf8')).toMatch(/<h2>[^<]+<\/h2>/);
    }
  });

  it('writes articles in the tenant\'s language with headings, paragraphs and a list', async () => {
    const plan = buildCataloguePlan(1001)!;
    const article = plan.contents.find((c) => c.kind === 'article' && c.purpose !== 99 && !c.parts.length)!;
    const html = await readFile(join(uploadDir, article.mediaUrl!.slice('/uploads/'.length)), 'utf8');
    expect(html).toBe(articleDocument(article.title, ZH_ACADEMY, article.mediaUrl!));
    expect(html).toMatch(/[\u4e00-\u9fff]/);
    expect(html.match(/<h2>/g)!.length).toBeGreaterThanOrEqual(3);
    const paragraphs = html.match(/<p>/g)!.length;
    expect(paragraphs).toBeGreaterThanOrEqual(4);
    expect(paragraphs).toBeLessThanOrEqual(9); // 4 to 8 paragraphs and the list's lead-in
    expect(html).toMatch(/<ul>(<li>[^<]+<\/li>)+<\/ul>/);
    const en = await readFile(join(uploadDir, buildCataloguePlan(1002)!.contents.find((c) => c.kind === 'article' && c.purpose !== 99)!.mediaUrl!.slice('/uploads/'.length)), 'utf8');
    expect(en).not.toMatch(/[\u4e00-\u9fff]/);
  });

  it('writes the same files again on a restart', async () => {
    const plan = buildCataloguePlan(1002)!;
    const pdf = plan.contents.find((c) => c.kind === 'pdf')!;
    const file = join(uploadDir, pdf.mediaUrl!.slice('/uploads/'.length));
    const before = await readFile(file);
    await seedAssets(uploadDir);
    expect((await readFile(file)).equals(before)).toBe(true);
  });
});
