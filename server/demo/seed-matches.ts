// Issue 19 part F (matches: competitions, stages, entrants, submissions, scoreboard): the demo rows.
// Runs once per new tenant inside its seed transaction, after issue 18's seeds and the points rules
// (server/demo/seed.ts). Every tenant gets three matches in its language (acme, 1002, is English):
// - one enrolling (the demo learner may enrol; two other learners have);
// - one in progress with the learner enrolled and its submission stage open (two others have
//   submitted, one of them scored), then an exam round linking to the tenant's first exam;
// - one ended with every stage scored: its final places are written and their points awarded the
//   same way the server does when a match ends (finaliseIfEnded), so the scoreboard is final.
// The demo teacher (where there is one) judges all three (a marker over each match).
// Explicit tenant filters: the owner may be a superuser, whom row-level security does not bind.
import { sql, type Transaction } from 'kysely';
import type { DB } from '../db/types';
import { sanitizeRichTextHtml } from '../lib/rich-text';
import { grantRole } from '../lib/roles';
import { finaliseIfEnded } from '../modules/task/matches-scoreboard';

const DAY = 86_400_000;
const ENGLISH_TENANTS: ReadonlySet<number> = new Set([1002]);

const TEXTS = {
  zh: {
    enrolling: { title: '青年创新创意大赛', summary: '提交你的创新方案，评委打分，优胜者获得积分奖励。' },
    running: { title: '学习心得征文比赛', summary: '写下你的学习故事，初赛作品提交进行中，复赛为在线笔试。' },
    ended: { title: '秋季知识分享大赛', summary: '两轮作品评审已结束，欢迎查看最终排行榜。' },
    rules: '<p><strong>参赛须知</strong></p><ul><li>在报名时间内报名，报名截止前可以退出；提交作品后不能退出。</li><li>作品阶段：标题 2–60 字，正文不超过 5000 字，最多 9 个附件；评分前可以修改。</li><li>考试轮次：在阶段时间内通过考试，最好成绩计入总分。</li><li>总分为各阶段得分之和，同分时先提交者名次在前。竞赛结束后按名次发放积分。</li></ul>',
    ideaStage: { title: '方案提交', description: '提交一份创新方案：要解决的问题、你的思路和预期效果。' },
    examStage: { title: '复赛：在线笔试', description: '在阶段时间内完成考试并通过，最好成绩计入总分。' },
    essayStage: { title: '初赛：征文提交', description: '围绕“我的学习方法”写一篇文章，可以附上图片或文档。' },
    round1: { title: '第一轮：主题分享', description: '选一个你熟悉的主题，写一篇分享稿。' },
    round2: { title: '第二轮：实践报告', description: '把分享的方法用于实践，提交一份实践报告。' },
    works: ['我的番茄工作法实践', '用思维导图整理课程笔记', '每天三十分钟的阅读计划', '错题本让我少走弯路'],
    body: '<p>这篇作品记录了我在学习中的做法、遇到的问题和改进的过程。</p>',
    comment: '思路清晰，例子具体，继续加油！',
  },
  en: {
    enrolling: { title: 'Innovation Challenge', summary: 'Pitch your idea; judges score it and the winners earn points.' },
    running: { title: 'Learning Stories Essay Contest', summary: 'Write about how you learn. The essay round is open; the second round is an online exam.' },
    ended: { title: 'Autumn Knowledge Sharing Contest', summary: 'Both judged rounds are over: see the final scoreboard.' },
    rules: '<p><strong>How it works</strong></p><ul><li>Enrol while enrolment is open; you may withdraw until it closes, unless you have submitted.</li><li>Submission stages: a title of 2–60 characters, up to 5000 characters of text and up to 9 files; you may revise until a judge scores it.</li><li>Exam rounds: pass the exam within the stage; your best passed score counts.</li><li>Your total is the sum of your stage scores; ties go to the earlier submission. Points are awarded by place when the contest ends.</li></ul>',
    ideaStage: { title: 'Idea submission', description: 'Submit an idea: the problem, your approach and the expected result.' },
    examStage: { title: 'Round 2: online exam', description: 'Pass the exam within the stage; your best passed score counts.' },
    essayStage: { title: 'Round 1: essay', description: 'Write an essay on "How I learn"; you may attach pictures or documents.' },
    round1: { title: 'Round 1: a topic to share', description: 'Pick a topic you know well and write it up.' },
    round2: { title: 'Round 2: practice report', description: 'Put the method into practice and report on it.' },
    works: ['My Pomodoro routine', 'Course notes as mind maps', 'Thirty minutes of reading a day', 'What my mistakes notebook taught me'],
    body: '<p>This entry describes what I tried, what went wrong and how I improved it.</p>',
    comment: 'Clear thinking and concrete examples. Well done!',
  },
} as const;

const at = (offsetDays: number) => new Date(Date.now() + offsetDays * DAY);

type Trx = Transaction<DB>;

async function insertMatch(trx: Trx, tenantId: number, v: {
  title: string; summary: string; rules: string; enroll: [number, number]; run: [number, number]; limit: number | null;
}): Promise<number> {
  const row = await trx.insertInto('competition').values({
    tenant_id: tenantId, title: v.title, summary: v.summary, rules: v.rules, enroll_start: at(v.enroll[0]), enroll_end: at(v.enroll[1]),
    start_time: at(v.run[0]), end_time: at(v.run[1]), entrant_limit: v.limit,
  }).returning('id').executeTakeFirstOrThrow();
  return Number(row.id);
}

async function insertStage(trx: Trx, tenantId: number, matchId: number, sort: number, v: {
  title: string; description: string; window: [number, number]; maxScore?: number; examId?: number;
}): Promise<number> {
  const row = await trx.insertInto('competition_stage').values({
    tenant_id: tenantId, match_id: matchId, sort, title: v.title, description: v.description,
    kind: v.examId ? 'exam' : 'submission', start_time: at(v.window[0]), end_time: at(v.window[1]),
    max_score: v.examId ? null : (v.maxScore ?? 100), exam_id: v.examId ?? null,
  }).returning('id').executeTakeFirstOrThrow();
  return Number(row.id);
}

async function enrol(trx: Trx, tenantId: number, matchId: number, userIds: number[], daysAgo: number): Promise<void> {
  for (const [i, userId] of userIds.entries()) {
    await trx.insertInto('competition_entrant').values({ tenant_id: tenantId, match_id: matchId, user_id: userId, enrolled_at: at(-daysAgo + i * 0.01) }).execute();
  }
}

async function submit(trx: Trx, tenantId: number, v: {
  matchId: number; stageId: number; userId: number; title: string; body: string; daysAgo: number; score?: number; judgeId?: number | null; comment?: string;
}): Promise<void> {
  await trx.insertInto('competition_submission').values({
    tenant_id: tenantId, match_id: v.matchId, stage_id: v.stageId, user_id: v.userId, title: v.title, content: v.body, attachments: '[]',
    submitted_at: at(-v.daysAgo),
    ...(v.score === undefined ? {} : { score: v.score, judge_id: v.judgeId ?? null, judged_at: at(-v.daysAgo + 1), judge_comment: v.comment ?? null }),
  }).execute();
}

export async function seedMatches(trx: Transaction<DB>, tenantId: number): Promise<void> {
  const t = ENGLISH_TENANTS.has(tenantId) ? TEXTS.en : TEXTS.zh;
  const people = await trx.selectFrom('user_account').select(['id', 'account']).where('tenant_id', '=', tenantId)
    .where('account', 'not in', ['teacher', 'admin']).orderBy(sql`account = 'learner'`, 'desc').orderBy('id').limit(4).execute();
  const learner = people.find((p) => p.account === 'learner');
  if (!learner) return;
  const learnerId = Number(learner.id);
  const others = people.filter((p) => p !== learner).map((p) => Number(p.id));
  const teacher = await trx.selectFrom('user_account').select('id').where('tenant_id', '=', tenantId).where('account', '=', 'teacher').executeTakeFirst();
  const judgeId = teacher ? Number(teacher.id) : null;
  const exam = await trx.selectFrom('exam').select('id').where('tenant_id', '=', tenantId).where('type', '=', 'exam').orderBy('id').executeTakeFirst();
  const rules = await sanitizeRichTextHtml(t.rules);

  // 1. Enrolling: the learner may enrol; two others have.
  const enrolling = await insertMatch(trx, tenantId, { ...t.enrolling, rules, enroll: [-2, 10], run: [12, 40], limit: 50 });
  await insertStage(trx, tenantId, enrolling, 1, { ...t.ideaStage, window: [12, 26], maxScore: 100 });
  if (exam) await insertStage(trx, tenantId, enrolling, 2, { ...t.examStage, window: [27, 38], examId: Number(exam.id) });
  await enrol(trx, tenantId, enrolling, others.slice(0, 2), 1);

  // 2. In progress: the learner enrolled, the essay stage open; late enrolment until day 5.
  const running = await insertMatch(trx, tenantId, { ...t.running, rules, enroll: [-20, 5], run: [-10, 20], limit: null });
  const essay = await insertStage(trx, tenantId, running, 1, { ...t.essayStage, window: [-10, 10], maxScore: 100 });
  if (exam) await insertStage(trx, tenantId, running, 2, { ...t.examStage, window: [10, 18], examId: Number(exam.id) });
  await enrol(trx, tenantId, running, [learnerId, ...others], 12);
  for (const [i, userId] of others.slice(0, 2).entries()) {
    await submit(trx, tenantId, {
      matchId: running, stageId: essay, userId, title: t.works[i]!, body: t.body, daysAgo: 5 - i,
      ...(i === 0 ? { score: 86, judgeId, comment: t.comment } : {}),
    });
  }

  // 3. Ended: two judged rounds, every entrant scored; final places and points as the server writes them.
  const ended = await insertMatch(trx, tenantId, { ...t.ended, rules, enroll: [-60, -40], run: [-40, -5], limit: 100 });
  const round1 = await insertStage(trx, tenantId, ended, 1, { ...t.round1, window: [-40, -25], maxScore: 100 });
  const round2 = await insertStage(trx, tenantId, ended, 2, { ...t.round2, window: [-25, -10], maxScore: 100 });
  const field = [learnerId, ...others];
  await enrol(trx, tenantId, ended, field, 45);
  const scores: [number, number][] = [[88, 84], [92, 85], [75, 80], [70, 66]];
  for (const [i, userId] of field.entries()) {
    const [a, b] = scores[i % scores.length]!;
    await submit(trx, tenantId, { matchId: ended, stageId: round1, userId, title: t.works[i % t.works.length]!, body: t.body, daysAgo: 30 - i, score: a, judgeId, comment: t.comment });
    await submit(trx, tenantId, { matchId: ended, stageId: round2, userId, title: t.works[(i + 1) % t.works.length]!, body: t.body, daysAgo: 15 - i, score: b, judgeId });
  }
  const row = await trx.selectFrom('competition').select(['id', 'title', 'finalised_at']).where('tenant_id', '=', tenantId).where('id', '=', ended).executeTakeFirstOrThrow();
  await finaliseIfEnded(trx, { id: ended, title: row.title, ended: true, finalised_at: row.finalised_at });

  if (judgeId !== null) {
    for (const matchId of [enrolling, running, ended]) {
      await grantRole(trx, tenantId, judgeId, 'marker', { type: 'match', id: matchId });
    }
  }
}
