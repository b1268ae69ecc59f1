// What one rule of a random paper draws from (issue 18 part A; docs/exams.md "Random papers"): the
// active top-level questions of the rule's category and its sub-categories, of the rule's kind and
// difficulty when given. The builder checks a rule against it on save; starting an attempt draws
// from the same pool (drawPool), so a saved rule can always be drawn unless the bank shrinks later.
import { sql } from 'kysely';
import type { DrawRule } from '../../db/types-exam-more';
import type { Trx } from './bank-guard';

/** The ids of the questions a rule may draw (tenant transaction: row-level security keeps them the tenant's). */
export function drawPool(trx: Trx, rule: Pick<DrawRule, 'categoryId' | 'kind' | 'difficulty'>) {
  return trx.selectFrom('bank_question').select('id')
    .where('parent_id', 'is', null).where('state', '=', 'active')
    .where('category_id', 'in', sql<number>`(with recursive t as (select id from question_category where id = ${rule.categoryId}
      union all select c.id from question_category c join t on c.parent_id = t.id) select id from t)`)
    .$if(Boolean(rule.kind), (q) => q.where('kind', '=', rule.kind!))
    .$if(Boolean(rule.difficulty), (q) => q.where('difficulty', '=', rule.difficulty!));
}

/** How many questions a rule's pool holds. */
export async function poolSize(trx: Trx, rule: Pick<DrawRule, 'categoryId' | 'kind' | 'difficulty'>): Promise<number> {
  const row = await trx.selectFrom(drawPool(trx, rule).as('p')).select(sql<number>`count(*)::int`.as('n')).executeTakeFirstOrThrow();
  return row.n;
}
