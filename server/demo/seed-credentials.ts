// Issue 19 part E (credentials): the demo rows. Runs once per new tenant inside its seed transaction,
// after the catalogue, exams and tasks (server/demo/seed.ts). Every tenant gets three rules (its
// first course with lessons finished, its first task finished, its first exam with a pass mark
// passed) and its `learner` holds the course's certificate, issued three weeks ago, so the pages
// show a row; every seeded attempt that passed the exam holds the exam's certificate. Texts in the
// tenant's language (acme is English, as in seed-work.ts). Explicit tenant filters: the owner may
// be a superuser, which row-level security does not bind.
import { sql, type Transaction } from 'kysely';
import type { DB } from '../db/types';
import type { CredentialSourceKind } from '../db/types-credentials';
import { defaultHolderName, fillCredentialBody, newVerificationCode } from '../lib/credentials';

const ENGLISH_TENANTS: ReadonlySet<number> = new Set([1002]);

interface RuleText { title: string; body: string; validMonths: number | null }

const RULES: Record<'zh' | 'en', Record<CredentialSourceKind, RuleText>> = {
  zh: {
    course: { title: '课程结业证书', body: '{name} 已完成课程《{source}》的全部学习内容，准予结业，特发此证。', validMonths: null },
    task: { title: '学习任务完成证书', body: '{name} 已按要求完成学习任务《{source}》的全部内容，特发此证。', validMonths: 24 },
    exam: { title: '考试合格证书', body: '{name} 参加《{source}》考试，成绩合格，特发此证。', validMonths: 12 },
  },
  en: {
    course: { title: 'Certificate of Completion', body: '{name} has completed every lesson of the course "{source}".', validMonths: null },
    task: { title: 'Learning Task Certificate', body: '{name} has completed every step of the learning task "{source}".', validMonths: 24 },
    exam: { title: 'Certificate of Achievement', body: '{name} has passed the exam "{source}".', validMonths: 12 },
  },
};

/** The issuer printed on a tenant's certificates: the tenant's name, in Chinese for the Chinese demo. */
const ISSUERS: Record<number, string> = { 1001: '演示学院培训中心', 1003: '书虫书店读书会', 1004: 'AI 学伴学院', 1533: '校园 1533 教务处' };

const DAY = 86_400_000;

/** Seeds one tenant's credential rules and the certificates its seeded learners already earned. */
export async function seedCredentials(trx: Transaction<DB>, tenantId: number, now = new Date()): Promise<void> {
  const lang = ENGLISH_TENANTS.has(tenantId) ? 'en' : 'zh';
  const tenant = await trx.selectFrom('tenant').select('name').where('id', '=', tenantId).executeTakeFirstOrThrow();
  const issuer = ISSUERS[tenantId] ?? tenant.name;
  const course = await trx.selectFrom('course').select(['id', 'title']).where('tenant_id', '=', tenantId)
    .where(sql<boolean>`exists (select 1 from course_phase_content c where c.tenant_id = course.tenant_id and c.course_id = course.id and c.content_id is not null)`)
    .orderBy('id').limit(1).executeTakeFirst();
  const task = await trx.selectFrom('task').select(['id', 'title']).where('tenant_id', '=', tenantId).orderBy('id').limit(1).executeTakeFirst();
  const exam = await trx.selectFrom('exam').select(['id', 'title']).where('tenant_id', '=', tenantId).where('type', '=', 'exam')
    .where('pass_score', 'is not', null).orderBy('id').limit(1).executeTakeFirst();
  const sources: Array<[CredentialSourceKind, { id: number; title: string } | undefined]> = [['course', course], ['task', task], ['exam', exam]];
  const rules = new Map<CredentialSourceKind, { id: number; source: { id: number; title: string }; text: RuleText }>();
  for (const [kind, source] of sources) {
    if (!source) continue;
    const text = RULES[lang][kind];
    const rule = await trx.insertInto('credential_rule').values({
      tenant_id: tenantId, source_kind: kind, source_id: Number(source.id), title: text.title, issuer, body: text.body, valid_months: text.validMonths,
    }).returning('id').executeTakeFirstOrThrow();
    rules.set(kind, { id: Number(rule.id), source: { id: Number(source.id), title: source.title }, text });
  }

  const codes = new Set<string>();
  const issue = async (kind: CredentialSourceKind, user: { id: number; real_name: string | null; nick_name: string | null; account: string }, issuedAt: Date) => {
    const rule = rules.get(kind);
    if (!rule) return;
    let code = newVerificationCode();
    while (codes.has(code)) code = newVerificationCode();
    codes.add(code);
    const name = defaultHolderName(user);
    const expiresAt = rule.text.validMonths === null ? null : new Date(issuedAt.getFullYear(), issuedAt.getMonth() + rule.text.validMonths, issuedAt.getDate(), issuedAt.getHours(), issuedAt.getMinutes());
    await trx.insertInto('user_credential').values({
      tenant_id: tenantId, user_id: user.id, rule_id: rule.id, source_kind: kind, source_id: rule.source.id, source_title: rule.source.title,
      title: rule.text.title, issuer, body: fillCredentialBody(rule.text.body, { source: rule.source.title }), holder_name: name, code,
      issued_at: issuedAt, expires_at: expiresAt, updated_at: issuedAt,
    }).onConflict((oc) => oc.columns(['tenant_id', 'user_id', 'rule_id']).doNothing()).execute();
  };

  const learner = await trx.selectFrom('user_account').select(['id', 'real_name', 'nick_name', 'account'])
    .where('tenant_id', '=', tenantId).where('account', '=', 'learner').executeTakeFirst();
  if (learner) await issue('course', { ...learner, id: Number(learner.id) }, new Date(now.getTime() - 21 * DAY));
  if (exam) {
    const passed = await trx.selectFrom('exam_attempt as a').innerJoin('user_account as u', (j) => j.onRef('u.tenant_id', '=', 'a.tenant_id').onRef('u.id', '=', 'a.user_id'))
      .select(['u.id', 'u.real_name', 'u.nick_name', 'u.account', sql<Date>`min(a.submitted_at)`.as('first_passed')])
      .where('a.tenant_id', '=', tenantId).where('a.exam_id', '=', Number(exam.id)).where('a.passed', '=', true)
      .groupBy(['u.id', 'u.real_name', 'u.nick_name', 'u.account']).execute();
    for (const p of passed) await issue('exam', { ...p, id: Number(p.id) }, p.first_passed ? new Date(p.first_passed) : now);
  }
}
