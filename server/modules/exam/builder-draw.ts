// What one rule of a random paper draws from (issue 18 part A; docs/exams.md "Random papers"): the
// active top-level questions of the rule's category itself (not its sub-categories), of the rule's
// kind and difficulty when given: the pool part B's drawPaper (paper-repository.ts) draws from at
// start, rule after rule, without drawing a question twice. The builder checks the rules against it
// on save, so a saved paper can be drawn unless the bank shrinks later.
import { sql } from 'kysely';
import type { DrawRule } from '../../db/types-exam-more';
import type { Trx } from './bank-guard';

/** The ids of the questions a rule may draw (tenant transaction: row-level security keeps them the tenant's). */
export function drawPool(trx: Trx, rule: Pick<DrawRule, 'categoryId' | 'kind' | 'difficulty'>) {
  return trx.selectFrom('bank_question').select('id')
    .where('parent_id', 'is', null).where('state', '=', 'active')
    .where('category_id', '=', rule.categoryId)
    .$if(Boolean(rule.kind), (q) => q.where('kind', '=', rule.kind!))
    .$if(Boolean(rule.difficulty), (q) => q.where('difficulty', '=', rule.difficulty!));
}

/** How many questions a rule's pool holds. */
export async function poolSize(trx: Trx, rule: Pick<DrawRule, 'categoryId' | 'kind' | 'difficulty'>): Promise<number> {
  const row = await trx.selectFrom(drawPool(trx, rule).as('p')).select(sql<number>`count(*)::int`.as('n')).executeTakeFirstOrThrow();
  return row.n;
}

/** Whether two rules' pools can share a question (same category, kind and difficulty compatible). */
export function poolsOverlap(a: Pick<DrawRule, 'categoryId' | 'kind' | 'difficulty'>, b: Pick<DrawRule, 'categoryId' | 'kind' | 'difficulty'>): boolean {
  return a.categoryId === b.categoryId && (!a.kind || !b.kind || a.kind === b.kind) && (!a.difficulty || !b.difficulty || a.difficulty === b.difficulty);
}
