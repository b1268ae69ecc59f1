// The seeded question bank (issue 18 part A, server/demo/seed-question-bank.ts): every tenant gets
// categories and questions of every kind in its language, composites with their sub-questions.
import { sql } from 'kysely';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp } from './harness';

let t: TestApp;
beforeAll(async () => { t = await createTestApp(); }, 120_000);
afterAll(async () => t?.close());

describe('seedQuestionBank', () => {
  it('writes a category tree and every kind, difficulty 1–5, on demo, acme and campus', async () => {
    for (const tenantId of [1001, 1002, 1533]) {
      const cats = await t.db.owner.selectFrom('question_category').select(['id', 'parent_id', 'name']).where('tenant_id', '=', tenantId).execute();
      expect(cats.some((c) => c.parent_id === null)).toBe(true);
      expect(cats.filter((c) => c.parent_id !== null).length).toBeGreaterThanOrEqual(3);
      const kinds = await t.db.owner.selectFrom('bank_question').select(['kind', sql<number>`count(*)::int`.as('n'), sql<number>`count(distinct difficulty)::int`.as('d')])
        .where('tenant_id', '=', tenantId).where('parent_id', 'is', null).groupBy('kind').execute();
      expect(kinds.map((k) => k.kind).sort()).toEqual(['composite', 'fill', 'judge', 'multiple', 'short', 'single']);
      const all = await t.db.owner.selectFrom('bank_question').select(sql<number>`count(distinct difficulty)::int`.as('d')).where('tenant_id', '=', tenantId).executeTakeFirstOrThrow();
      expect(all.d).toBe(5);
    }
  });

  it('writes acme in English and demo in Chinese, with explanations on machine-scored kinds', async () => {
    const acme = await t.db.owner.selectFrom('bank_question').select(['stem', 'explanation', 'kind']).where('tenant_id', '=', 1002).execute();
    expect(acme.every((q) => !/[\u4e00-\u9fff]/.test(q.stem + (q.explanation ?? '')))).toBe(true);
    const demo = await t.db.owner.selectFrom('bank_question').select(['stem', 'explanation', 'kind', 'answer', 'reference']).where('tenant_id', '=', 1001).execute();
    expect(demo.every((q) => /[\u4e00-\u9fff]/.test(q.stem))).toBe(true);
    for (const q of demo.filter((q) => ['single', 'multiple', 'judge', 'fill'].includes(q.kind))) expect(q.explanation).toBeTruthy();
    for (const q of demo.filter((q) => q.kind === 'fill')) {
      expect(q.stem).toContain('____');
      expect(Array.isArray((q.answer as string[][])[0])).toBe(true);
    }
    for (const q of demo.filter((q) => q.kind === 'short')) expect(q.reference).toBeTruthy();
  });

  it('gives each composite 2–3 sub-questions that are not composite, its score their sum', async () => {
    const comps = await t.db.owner.selectFrom('bank_question').select(['id', 'score']).where('tenant_id', '=', 1001).where('kind', '=', 'composite').execute();
    expect(comps.length).toBeGreaterThan(0);
    for (const c of comps) {
      const kids = await t.db.owner.selectFrom('bank_question').select(['kind', 'score']).where('tenant_id', '=', 1001).where('parent_id', '=', c.id).execute();
      expect(kids.length).toBeGreaterThanOrEqual(2);
      expect(kids.length).toBeLessThanOrEqual(3);
      expect(kids.some((k) => k.kind === 'composite')).toBe(false);
      expect(kids.reduce((n, k) => n + k.score, 0)).toBe(c.score);
    }
  });
});
