import { mkdtemp, readFile, stat } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { withTenant } from '../../server/db/database';
import { seedAssets } from '../../server/demo/seed';
import { buildCataloguePlan } from '../../server/demo/seed-catalogue';
import { articleDocument } from '../../server/demo/seed-documents';
import { EN_ACADEMY } from '../../server/demo/seed-catalogue-words-en';
import { ZH_SCHOOL } from '../../server/demo/seed-catalogue-words-school';
import { ZH_ACADEMY } from '../../server/demo/seed-catalogue-words-zh';
import { lessonName } from '../../server/demo/seed-lessons';
import { createTestApp, type TestApp } from './harness';

// The seeded articles' and PDFs' documents (server/demo/seed-documents.ts): every row points at a
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
      // Learners' works waiting for review (seed-work.ts) are not the catalogue's documents: their
      // text is their summary until issue 20's authoring gives works chapters.
      .where('kind', 'in', ['article', 'pdf']).where('uploader_id', 'is', null).execute()),
    // Chapters of learners' works (issue 20 part V) are served by /cm/api/content/partText, not files.
    ...(await trx.selectFrom('content_part').select(['id', 'kind', 'media_url']).where('tenant_id', '=', tenantId)
      .where('kind', '=', 'article')
      .where('content_id', 'in', (q) => q.selectFrom('content').select('id').where('tenant_id', '=', tenantId).where('uploader_id', 'is', null))
      .execute()).map((p) => ({ ...p, purpose: null })),
  ]);
}

/** The text a PDF of server/demo/pdf.ts shows: its literal strings (Helvetica) or UCS-2 hex strings (the CJK font), a line each. */
function pdfText(bytes: Buffer): string {
  const text = bytes.toString('latin1');
  const lines = [...text.matchAll(/(?:\(((?:[^()\\]|\\.)*)\)|<([0-9a-f]+)>) Tj/g)].map(([, literal, hex]) => (hex
    ? String.fromCharCode(...(hex.match(/.{4}/g) ?? []).map((h) => parseInt(h, 16)))
    : literal!.replace(/\\(.)/g, '$1')));
  return lines.join('\n');
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
        // In the tenant's language: a Chinese tenant's PDFs in the CJK font, never "?".
        const text = pdfText(body);
        if (tenantId === 1001) {
          expect(text).toContain('学习平台示例文档');
          expect(text.match(/[\u4e00-\u9fff]/g)!.length).toBeGreaterThan(100);
        } else {
          expect(text).toContain('Study portal demo document');
          expect(text).not.toMatch(/[\u4e00-\u9fff]/);
        }
      } else {
        expect(body.toString('utf8')).toMatch(/<(p|ol|ul)>/);
      }
    }
  });

  it.each([1001, 1002])('gives every shared article and news item of %i its text', async (tenantId) => {
    // Learners' own articles (issue 19 part H, owner_id set) keep their sanitised text in the row, not in a document.
    const rows = await withTenant(t.db.owner, tenantId, (trx) => trx.selectFrom('article').select(['id', 'body_url'])
      .where('tenant_id', '=', tenantId).where('owner_id', 'is', null).execute());
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

  // Issue 13 point 10: a Chinese tenant's course handouts were English PDFs about a generic topic.
  it.each([[1001, ZH_ACADEMY], [1002, EN_ACADEMY], [1533, ZH_SCHOOL]] as const)('gives every course of %i a handout in its language: its title, teacher and lessons', async (tenantId, vocab) => {
    const plan = buildCataloguePlan(tenantId)!;
    const rows = await withTenant(t.db.owner, tenantId, (trx) => trx.selectFrom('attachment as a')
      .innerJoin('course as c', (j) => j.onRef('c.tenant_id', '=', 'a.tenant_id').onRef('c.id', '=', 'a.target_id'))
      .select(['c.title', 'a.name', 'a.url', 'a.size', 'a.mime']).where('a.tenant_id', '=', tenantId).where('a.target_type', '=', 'course').execute());
    expect(rows.length).toBe(plan.courses.length);
    for (const row of rows) {
      const course = plan.courses.find((c) => c.title === row.title)!;
      const body = await readFile(join(uploadDir, row.url.slice('/uploads/'.length)));
      expect(body.length, row.url).toBe(row.size);
      const text = pdfText(body);
      expect(text, row.name).toContain(course.title);
      if (vocab.locale === 'zh') {
        expect(row.name).toMatch(/·课程讲义\.pdf$/);
        expect(body.toString('latin1')).toContain('/BaseFont /STSong-Light');
        expect(text).toContain('课程简介');
      } else {
        expect(text).toContain('About this course');
        expect(text).not.toMatch(/[\u4e00-\u9fff]/);
      }
      const teacher = plan.teachers.find((x) => x.key === course.teacherKey)!;
      expect(text).toContain(teacher.name);
      for (const lesson of course.phases.flatMap((p) => p.lessons)) expect(text.replace(/\s+/g, ''), row.name).toContain(lessonName(lesson.title).replace(/\s+/g, ''));
    }
  });
});
