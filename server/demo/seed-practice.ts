// Practice sets from the bank, and the demo learner's practice history and wrong answers (issue 18).
// Three sets per tenant (two subjects' picks and a daily mix across subjects), in the bank's
// language; the learner has one finished session of five questions, two of them wrong, which are in
// the wrong-answer book. Nothing when the tenant's bank is empty.
import { sql, type Transaction } from 'kysely';
import type { DB } from '../db/types';
import type { PracticeQuestionSnapshot } from '../db/types-exam-more';
import { bankSnapshots } from '../modules/exam/practice-questions';
import { isRight } from '../modules/exam/practice-check';
import { addWrong } from '../modules/exam/practice-wrong';

const zhOf = (text: string) => /[\u4e00-\u9fff]/.test(text);

/** A right answer of a machine-checked question, and a wrong one. */
function answersOf(q: PracticeQuestionSnapshot): { right: string[]; wrong: string[] } | null {
  if (!q.answer || q.kind === 'short' || q.kind === 'composite') return null;
  if (q.kind === 'fill') {
    const blanks = q.answer as string[][];
    return { right: blanks.map((b) => b[0] ?? ''), wrong: blanks.map(() => '—') };
  }
  const right = q.answer as string[];
  const other = q.options.map((o) => o.key).find((k) => !right.includes(k));
  return other ? { right, wrong: [other] } : null;
}

export async function seedPractice(trx: Transaction<DB>, tenantId: number): Promise<void> {
  // An explicit tenant filter: the owner may be a superuser, which row-level security does not bind.
  const byCategory = await trx.selectFrom('bank_question as q')
    .innerJoin('question_category as c', (j) => j.onRef('c.tenant_id', '=', 'q.tenant_id').onRef('c.id', '=', 'q.category_id'))
    .select(['c.id', 'c.name', sql<string[]>`array_agg(q.id order by q.sort, q.id)`.as('ids')])
    .where('q.tenant_id', '=', tenantId).where('q.parent_id', 'is', null).where('q.state', '=', 'active')
    .groupBy(['c.tenant_id', 'c.id', 'c.name']).orderBy('c.id').execute();
  if (byCategory.length === 0) return;
  const zh = zhOf(byCategory[0]!.name);
  const picks = byCategory.slice(0, 2).map((c) => ({ title: zh ? `${c.name} · 精选练习` : `${c.name}: practice set`, category_id: Number(c.id), ids: c.ids.map(Number).slice(0, 10) }));
  const mix = byCategory.flatMap((c) => c.ids.map(Number).slice(0, 3)).slice(0, 12);
  const sets = [...picks, { title: zh ? '每日一练' : 'Daily practice', category_id: null, ids: mix }];
  // Staggered by a day each, the daily mix newest (/paper/latest lists the newest first).
  for (const [i, s] of sets.entries()) {
    await trx.insertInto('practice_set').values({
      tenant_id: tenantId, title: s.title, category_id: s.category_id, question_ids: s.ids,
      created_at: sql<Date>`now() - make_interval(days => ${sets.length - 1 - i})`,
    }).execute();
  }

  const learner = await trx.selectFrom('user_account').select('id').where('tenant_id', '=', tenantId).where('account', '=', 'learner').executeTakeFirst();
  if (!learner) return;
  const userId = Number(learner.id);
  const first = byCategory[0]!;
  const checkable = (await bankSnapshots(trx, first.ids.map(Number))).filter((q) => answersOf(q) !== null).slice(0, 5);
  if (checkable.length === 0) return;
  // Two wrong (the 2nd and the 4th), the rest right; the wrong ones go to the book.
  const answers: Record<string, { v: string[]; correct: boolean; at: string }> = {};
  let correct = 0;
  for (const [i, q] of checkable.entries()) {
    const { right, wrong } = answersOf(q)!;
    const v = i === 1 || i === 3 ? wrong : right;
    const ok = isRight(q, v) === true;
    answers[String(i)] = { v, correct: ok, at: new Date(Date.now() - 86_400_000).toISOString() };
    if (ok) correct += 1;
    else await addWrong(trx, userId, q, v, new Date(Date.now() - 86_400_000), null);
  }
  await trx.insertInto('practice_session').values({
    tenant_id: tenantId, user_id: userId, source: 'category', category_id: Number(first.id),
    title: first.name, questions: JSON.stringify(checkable), answers: JSON.stringify(answers),
    question_count: checkable.length, answered_count: checkable.length, correct_count: correct,
    started_at: sql<Date>`now() - interval '1 day 10 minutes'`, finished_at: sql<Date>`now() - interval '1 day'`,
  }).execute();
}
