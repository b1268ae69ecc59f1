import { sql, type Transaction } from 'kysely';
import type { DB } from '../db/types';

// The demo schedules and members of the seeded training classes (migration 0009). Runs once per new
// tenant, inside its seed transaction, after the catalogue (seedTenants). Each class gets 2 or 3
// phases made of the tenant's own published courses and library contents, and a few of the
// made-up learners as members; the demo `learner` account is in one running and one finished class,
// so 我的培训班 is not empty. enrol_count is then set to the enrolled members, the invariant the
// enrol calls keep (docs/decisions.md "Class enrolment"). Deterministic: same catalogue, same rows.

/** Phase titles by tenant language; a class uses the first 2 or 3. */
const PHASE_TITLES = {
  zh: [['入门导学', '了解培训目标，完成基础课程'], ['核心课程', '系统学习本期重点内容'], ['实践与拓展', '结合案例练习，巩固所学']],
  en: [['Getting started', 'The goals of the class and the basics'], ['Core courses', 'The main material of this cohort'], ['Practice', 'Cases and exercises to make it stick']],
} as const;

/** Tenants whose catalogue is written in English (seed-catalogue VOCABS). */
const ENGLISH_TENANTS: ReadonlySet<number> = new Set([1002]);

/** Library purposes a schedule may hold: micro-course, knowledge, content, work (not reading, help or lesson contents). */
const SCHEDULE_PURPOSES = [1, 2, 3, 4];

type Item = { course_id: number | null; content_id: number | null };

/** Writes the schedules and members of every class of the tenant; returns how many phases were written. */
export async function seedClasses(trx: Transaction<DB>, tenantId: number, now = new Date()): Promise<number> {
  // Explicit tenant filters: the owner connection may be a superuser, which row-level security does not bind.
  const classes = await trx.selectFrom('training_class').select(['id', 'start_time', 'end_time', 'enrol_limit', 'is_public'])
    .where('tenant_id', '=', tenantId).orderBy('id').execute();
  if (classes.length === 0) return 0;
  const courses = (await trx.selectFrom('course').select('id').where('tenant_id', '=', tenantId).where('state', '=', 1).orderBy('id').execute()).map((r) => Number(r.id));
  const contents = (await trx.selectFrom('content').select('id').where('tenant_id', '=', tenantId).where('state', '=', 1)
    .where('purpose', 'in', SCHEDULE_PURPOSES).orderBy('id').execute()).map((r) => Number(r.id));
  const titles = PHASE_TITLES[ENGLISH_TENANTS.has(tenantId) ? 'en' : 'zh'];
  let phaseCount = 0;

  for (const [i, c] of classes.entries()) {
    const pick = (list: number[], k: number) => (list.length ? list[(i * 3 + k) % list.length]! : null);
    const plan: Item[][] = [
      [{ course_id: null, content_id: pick(contents, 0) }, { course_id: pick(courses, 0), content_id: null }],
      [{ course_id: pick(courses, 1), content_id: null }, { course_id: pick(courses, 2), content_id: null }],
      [{ course_id: null, content_id: pick(contents, 1) }, { course_id: pick(courses, 3), content_id: null }],
    ].slice(0, 2 + (i % 2)).map((items) => items.filter((it) => it.course_id !== null || it.content_id !== null));
    for (const [sort, items] of plan.entries()) {
      if (items.length === 0) continue;
      const [title, summary] = titles[sort]!;
      const phase = await trx.insertInto('classes_phase').values({ tenant_id: tenantId, classes_id: Number(c.id), title, summary, sort })
        .returning('id').executeTakeFirstOrThrow();
      // The same course twice in a phase (a small catalogue) is kept once.
      const seen = new Set<string>();
      const unique = items.filter((it) => { const key = `${it.course_id}:${it.content_id}`; const fresh = !seen.has(key); seen.add(key); return fresh; });
      await trx.insertInto('classes_phase_content').values(unique.map((it, k) => ({
        tenant_id: tenantId, classes_id: Number(c.id), phase_id: Number(phase.id), ...it, sort: k,
      }))).execute();
      phaseCount += 1;
    }
  }

  // Members: the made-up learners (no password), a few per class, enrolled before the class started.
  const learners = (await trx.selectFrom('user_account').select('id').where('tenant_id', '=', tenantId)
    .where('password_hash', '=', 'locked').orderBy('id').execute()).map((r) => Number(r.id));
  const demo = await trx.selectFrom('user_account').select('id').where('tenant_id', '=', tenantId).where('account', '=', 'learner').executeTakeFirst();
  const running = classes.find((c) => c.is_public && c.start_time <= now && now <= c.end_time);
  const finished = classes.find((c) => c.is_public && c.end_time < now);
  const members: { tenant_id: number; classes_id: number; user_id: number; enrolled_at: Date }[] = [];
  for (const [i, c] of classes.entries()) {
    const wanted = Math.min(c.enrol_limit ?? Infinity, learners.length, 3 + ((i * 7) % 10));
    const enrolledAt = (k: number) => new Date(Math.min(c.start_time.getTime(), now.getTime()) - (k + 1) * 3_600_000 * 7);
    for (let k = 0; k < wanted; k += 1) {
      members.push({ tenant_id: tenantId, classes_id: Number(c.id), user_id: learners[(i * 5 + k) % learners.length]!, enrolled_at: enrolledAt(k) });
    }
    if (demo && (c === running || c === finished)) members.push({ tenant_id: tenantId, classes_id: Number(c.id), user_id: Number(demo.id), enrolled_at: enrolledAt(wanted) });
  }
  if (members.length) await trx.insertInto('classes_member').values(members).execute();
  await sql`
    update training_class t set enrol_count = (
      select count(*) from classes_member m where m.tenant_id = t.tenant_id and m.classes_id = t.id and m.state = 1)
    where t.tenant_id = ${tenantId}`.execute(trx);
  return phaseCount;
}
