// Submitted attempts awaiting marking, so the marker's queue is not empty on first sight (issue 18
// part E, docs/exams.md "Marking"). Runs after seedExamKinds in each new tenant's seed transaction:
// - the exam with short questions is found by its kinds (seedExamKinds writes it; a tenant without
//   one gets a small one here), and the demo teacher is made its marker and invigilator;
// - three candidate accounts (password Study@2026) have handed it in: their machine-scored part is
//   scored, their short answers await a person (marking_state pending); the third's first short
//   answer is marked already, so the marked tab has a row to revise.
// Only tenants with the demo teacher (demo, acme, campus) get candidates: elsewhere no one marks.
import { sql, type Transaction } from 'kysely';
import type { DB, QuestionOption, SavedAnswer } from '../db/types';
import { clientPasswordDigest, hashPassword } from '../lib/password';
import { grantRole } from '../lib/roles';
import { finaliseIfMarked } from '../modules/exam/marking-finalise';
import { scorePaper } from '../modules/exam/paper-scoring';
import { DEMO_TEACHER } from './seed-live';

type Trx = Transaction<DB>;

/** Tenants whose demo content is English (as in seed-catalogue.ts: acme). */
const ENGLISH_TENANTS: ReadonlySet<number> = new Set([1002]);

const TEXTS = {
  zh: {
    candidates: [
      { account: 'student1', name: '李明' },
      { account: 'student2', name: '张晓雨' },
      { account: 'student3', name: '陈思远' },
    ],
    vague: '我认为要结合实际情况具体分析：先明确目标，再制定计划并按步骤执行，最后检查效果。',
    markComment: '要点基本答到，论述可以再具体一些。',
    exam: {
      title: '主观题练笔：沟通与协作',
      summary: '两道选择题和两道简答题，简答题由老师阅卷后给出成绩和评语。',
      questions: [
        { kind: 'single' as const, stem: '向上级汇报工作时，最好先说？', options: ['事情经过', '结论和需要的决定', '遇到的困难', '自己的感受'], answer: ['B'], score: 10 },
        { kind: 'single' as const, stem: '会议结束前最应该做的是？', options: ['确认结论、负责人和完成时间', '合影留念', '安排下次聚餐', '立即离开'], answer: ['A'], score: 10 },
        { kind: 'short' as const, stem: '请简述一次有效反馈应包含的要素。', reference: '具体的事实和行为；它带来的影响；期望的改进和下一步；对事不对人，及时给出。', score: 40 },
        { kind: 'short' as const, stem: '跨部门协作出现分歧时，你会怎样推动达成一致？', reference: '先对齐共同目标；倾听并列出各方顾虑；用数据比较方案；明确决策人和时间；书面确认结论与分工。', score: 40 },
      ],
    },
  },
  en: {
    candidates: [
      { account: 'student1', name: 'Alex Chen' },
      { account: 'student2', name: 'Maria Lopez' },
      { account: 'student3', name: 'Sam Taylor' },
    ],
    vague: 'It depends on the situation: set a clear goal, make a plan, follow it step by step and check the result.',
    markComment: 'The main points are there; give a concrete example next time.',
    exam: {
      title: 'Written answers: communication and teamwork',
      summary: 'Two choice questions and two short answers; a teacher marks the short answers with a comment.',
      questions: [
        { kind: 'single' as const, stem: 'When you report to your manager, start with…', options: ['what happened', 'the conclusion and the decision you need', 'the difficulties', 'how you feel'], answer: ['B'], score: 10 },
        { kind: 'single' as const, stem: 'Before a meeting ends, you should…', options: ['confirm decisions, owners and dates', 'take a photo', 'plan the next dinner', 'leave at once'], answer: ['A'], score: 10 },
        { kind: 'short' as const, stem: 'Name the parts of useful feedback.', reference: 'The concrete facts and behaviour; their effect; the change expected and the next step; about the work, not the person; given in time.', score: 40 },
        { kind: 'short' as const, stem: 'Two teams disagree on a shared project. How do you move them to an agreement?', reference: 'Agree on the common goal; hear and list each side\'s concerns; compare options with data; name who decides and by when; confirm the decision and the tasks in writing.', score: 40 },
      ],
    },
  },
} as const;

type Texts = (typeof TEXTS)['zh' | 'en'];

/** The newest published exam whose fixed paper has a short question. */
async function findShortExam(trx: Trx, tenantId: number) {
  return trx.selectFrom('exam as e').select(['e.id', 'e.pass_score'])
    .where('e.tenant_id', '=', tenantId).where('e.type', '=', 'exam').where('e.state', '=', 1).where('e.paper_mode', '=', 'fixed')
    .where(({ exists, selectFrom }) => exists(selectFrom('exam_question as q').select(sql`1`.as('one'))
      .whereRef('q.exam_id', '=', 'e.id').where('q.tenant_id', '=', tenantId).where('q.kind', '=', 'short').where('q.attempt_id', 'is', null)))
    .orderBy('e.id', 'desc').executeTakeFirst();
}

/** A small exam with two short questions, open for two months, for a tenant that has none. */
async function createShortExam(trx: Trx, tenantId: number, texts: Texts, now: Date) {
  const day = 86_400_000;
  const { questions } = texts.exam;
  const total = questions.reduce((sum, q) => sum + q.score, 0);
  const exam = await trx.insertInto('exam').values({
    tenant_id: tenantId, category_id: null, title: texts.exam.title, cover: null, summary: texts.exam.summary, publish_time: new Date(now.getTime() - day),
    type: 'exam', start_time: new Date(now.getTime() - 7 * day), end_time: new Date(now.getTime() + 60 * day), duration: 30,
    pass_score: Math.round(total * 0.6), total_score: total, question_count: questions.length, join_count: 0,
  }).returning(['id', 'pass_score']).executeTakeFirstOrThrow();
  await trx.insertInto('exam_question').values(questions.map((q, i) => ({
    tenant_id: tenantId, exam_id: Number(exam.id), kind: q.kind, stem: q.stem, score: q.score, sort: i + 1,
    options: JSON.stringify('options' in q ? q.options.map((text, k) => ({ key: String.fromCharCode(65 + k), text })) : []),
    answer: 'answer' in q ? JSON.stringify(q.answer) : null, reference: 'reference' in q ? q.reference : null,
  }))).execute();
  return exam;
}

interface PaperQuestion {
  id: number;
  kind: DB['exam_question']['kind'];
  options: QuestionOption[];
  answer: string[] | string[][] | null;
  score: number;
  reference: string | null;
}

/** Candidate `index`'s answer to one question: the first right, the second partly, the third vaguely. */
function answerOf(q: PaperQuestion, index: number, texts: Texts): string[] {
  if (q.kind === 'short') {
    const reference = q.reference ?? texts.vague;
    if (index === 0) return [reference];
    if (index === 1) return [reference.split(/[；;。.]/)[0] ?? reference];
    return [texts.vague];
  }
  if (q.kind === 'fill') return ((q.answer ?? []) as string[][]).map((accepted) => (index === 2 ? '' : accepted[0] ?? ''));
  if (q.kind === 'composite' || q.kind === 'text' || !q.answer) return [];
  const right = q.answer as string[];
  // The third candidate picks a wrong option where there is one.
  if (index === 2) return [q.options.map((o) => o.key).find((k) => !right.includes(k)) ?? right[0]!];
  return [...right];
}

export async function seedMarking(trx: Trx, tenantId: number, now = new Date()): Promise<void> {
  const teacher = await trx.selectFrom('user_account').select('id').where('tenant_id', '=', tenantId).where('account', '=', DEMO_TEACHER.account).executeTakeFirst();
  if (!teacher) return;
  const texts: Texts = TEXTS[ENGLISH_TENANTS.has(tenantId) ? 'en' : 'zh'];
  const exam = (await findShortExam(trx, tenantId)) ?? (await createShortExam(trx, tenantId, texts, now));
  const examId = Number(exam.id);
  const teacherId = Number(teacher.id);
  await grantRole(trx, tenantId, teacherId, 'marker', { type: 'exam', id: examId });
  await grantRole(trx, tenantId, teacherId, 'invigilator', { type: 'exam', id: examId });

  const questions = (await trx.selectFrom('exam_question').select(['id', 'kind', 'options', 'answer', 'score', 'reference'])
    .where('tenant_id', '=', tenantId).where('exam_id', '=', examId).where('attempt_id', 'is', null)
    .orderBy('sort').orderBy('id').execute()).map((q) => ({ ...q, id: Number(q.id) })) as PaperQuestion[];
  const shorts = questions.filter((q) => q.kind === 'short');

  for (const [index, candidate] of texts.candidates.entries()) {
    const { hash, salt } = await hashPassword(clientPasswordDigest('Study@2026'));
    const user = await trx.insertInto('user_account').values({
      tenant_id: tenantId, account: candidate.account, password_hash: hash, password_salt: salt, real_name: candidate.name, nick_name: candidate.name,
      mobile: null, email: null, gender: null, birthday: null, summary: null, avatar_img: null,
    }).returning('id').executeTakeFirstOrThrow();
    const submitted = new Date(now.getTime() - (3 - index) * 3_600_000);
    const started = new Date(submitted.getTime() - 20 * 60_000);
    const answers: Record<string, SavedAnswer> = {};
    for (const q of questions) {
      const v = answerOf(q, index, texts);
      if (v.some((s) => s !== '')) answers[String(q.id)] = { v, at: submitted.toISOString() };
    }
    // The machine's part: every question a person does not mark.
    const objective = scorePaper(questions.filter((q) => q.kind !== 'short') as Parameters<typeof scorePaper>[0], answers).score;
    const attempt = await trx.insertInto('exam_attempt').values({
      tenant_id: tenantId, exam_id: examId, user_id: Number(user.id), started_at: started, deadline: new Date(started.getTime() + 30 * 60_000),
      submitted_at: submitted, answers: JSON.stringify(answers), score: null, passed: null, state: 'submitted',
      marking_state: 'pending', objective_score: objective, last_seen_at: submitted,
    }).returning('id').executeTakeFirstOrThrow();
    if (index === 2 && shorts[0]) {
      await trx.insertInto('exam_mark').values({
        tenant_id: tenantId, attempt_id: Number(attempt.id), question_id: shorts[0].id, score: Math.floor(shorts[0].score / 2),
        comment: texts.markComment, marker_id: teacherId, marked_at: new Date(submitted.getTime() + 3_600_000),
      }).execute();
      // A paper with one short question is then marked in full.
      if (shorts.length === 1) await finaliseIfMarked(trx, Number(attempt.id));
    }
  }
  await trx.updateTable('exam').set({ join_count: sql`join_count + ${texts.candidates.length}` }).where('tenant_id', '=', tenantId).where('id', '=', examId).execute();
}
