import pg from 'pg';
import type { Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, inject } from 'vitest';
import { freshAttempt, tenantDb } from './db';
import { saveScreenshot, test, UI_TIMEOUT, signInAt } from './browser';

// Marking a short answer end to end (issue 18 "Done when", the first journey), in Chromium against
// the real server: the demo learner takes the seeded short-answer exam and answers every question;
// the result says 待阅卷. The demo teacher, in a browser of their own, opens 阅卷, goes through the
// exam's short questions and marks every waiting answer (the learner's in full, with a comment),
// pressing Enter to save and move on. The learner's result and exam history then show the final
// score (machine part + marks, as in the database) and the teacher's comment.

const baseUrl = inject('baseUrl');
const poll = { timeout: UI_TIMEOUT, interval: 100 };
const DEMO = 1001;
const comment = `论述清楚，要点齐全 ${Date.now() % 100000}`;

let db: pg.Client;
let learnerId = 0;
/** An open exam with short questions on its fixed paper that the learner may sit again (another test may have sat it once). */
let exam = { id: 0, title: '' };

beforeAll(async () => {
  db = await tenantDb(DEMO);
  const { rows: users } = await db.query<{ id: string }>(`select id from user_account where tenant_id = $1 and account = 'learner'`, [DEMO]);
  learnerId = Number(users[0]?.id);
  const { rows } = await db.query<{ id: string; title: string }>(
    `select e.id, e.title from exam e where e.tenant_id = $1 and e.state = 1 and e.type = 'exam' and e.paper_mode = 'fixed' and e.start_time <= now()
       and (e.end_time is null or e.end_time > now() + interval '1 day')
       and exists (select 1 from exam_question q where q.tenant_id = e.tenant_id and q.exam_id = e.id and q.kind = 'short' and q.attempt_id is null)
     order by e.id desc limit 1`, [DEMO]);
  // Other journeys sit this exam as the same learner (exam-kinds; the accessibility gate opens its paper).
  if (rows[0]) await freshAttempt(db, DEMO, Number(rows[0].id), learnerId);
  exam = { id: Number(rows[0]?.id), title: rows[0]?.title ?? '' };
  expect(exam.id, 'the demo tenant needs an open exam with short questions (seedExamKinds / seedMarking)').toBeGreaterThan(0);
});
afterAll(() => db.end());

async function signIn(page: Page, account: string, password: string) {
  await signInAt(page, baseUrl, account, password);
}

/** Answers every answerable question of the paper: the first option, or text in blanks and written answers. */
async function answerAll(page: Page) {
  const questions = page.locator('[data-testid="exam-question"]:not([data-kind="composite"])');
  const count = await questions.count();
  expect(count).toBeGreaterThan(0);
  for (let i = 0; i < count; i += 1) {
    const q = questions.nth(i);
    const kind = await q.getAttribute('data-kind');
    if (kind === 'fill') {
      const blanks = q.getByTestId('question-blank');
      for (let b = 0; b < await blanks.count(); b += 1) await blanks.nth(b).fill('答案');
    } else if (kind === 'short' || kind === 'text') {
      await q.getByTestId('question-written').fill('反馈要讲具体的事实和行为、它带来的影响，以及期望的改进和下一步。');
    } else {
      await q.locator('input').first().check();
    }
  }
  return count;
}

describe('marking', () => {
  test('a learner\'s short answer awaits marking; the teacher marks it; the learner\'s result and history show the final score and the comment', { timeout: 120_000 }, async ({ page, openPage }) => {
    await signIn(page, 'learner', 'Study@2026');
    await page.goto(`${baseUrl}/study/exam/detail/${exam.id}`);
    await page.getByTestId('exam-detail').waitFor();
    await page.getByTestId('exam-start').click();
    await page.getByTestId('exam-paper').waitFor();
    await answerAll(page);
    await expect.poll(() => page.getByTestId('exam-save-status').textContent(), poll).toMatch(/已自动保存/);
    await saveScreenshot(page, 'exam-marking-paper');
    await page.getByTestId('exam-submit').click();
    await page.getByTestId('exam-confirm-submit').click();
    const result = page.getByTestId('exam-result');
    await result.waitFor();
    await expect.poll(() => result.textContent(), poll).toContain('待阅卷');
    await saveScreenshot(page, 'exam-marking-awaiting');
    const { rows: attempts } = await db.query<{ id: string; marking_state: string; objective_score: number; score: number | null }>(
      'select id, marking_state, objective_score, score from exam_attempt where tenant_id = $1 and exam_id = $2 and user_id = $3 order by id desc limit 1', [DEMO, exam.id, learnerId]);
    expect(attempts[0]).toMatchObject({ marking_state: 'pending', score: null });
    const attemptId = Number(attempts[0]!.id);

    // The teacher, in a browser of their own: 阅卷 → the exam → each short question → every waiting answer.
    const teacher = await openPage();
    await signIn(teacher, 'teacher', 'Teach@2026');
    await teacher.goto(`${baseUrl}/study/user/center/work/myExamMarking`);
    const card = teacher.locator(`[data-testid="marking-exam"][data-id="${exam.id}"]`);
    await card.waitFor();
    await saveScreenshot(teacher, 'exam-marking-exams');
    await card.getByTestId('marking-exam-open').click();
    await teacher.getByTestId('marking-tabs').waitFor();
    const tabs = teacher.getByTestId('marking-tabs').getByRole('tab');
    const tabCount = await tabs.count();
    expect(tabCount).toBeGreaterThan(0);
    let learnerMarks = 0;
    for (let i = 0; i < tabCount; i += 1) {
      await tabs.nth(i).click();
      await teacher.getByTestId('marking-question').waitFor();
      const view = teacher.getByTestId('marking-question');
      // Mark until the question says it is done (the seeded candidates' answers too).
      for (;;) {
        const current = view.getByTestId('marking-current');
        const done = view.getByTestId('marking-question-done');
        await current.or(done).first().waitFor();
        if (await done.count()) break;
        const attempt = Number(await current.getAttribute('data-attempt'));
        if (attempt === attemptId) {
          await current.getByTestId('mark-full').click();
          await current.getByTestId('mark-comment').fill(comment);
          if (learnerMarks === 0) await saveScreenshot(teacher, 'exam-marking-answer');
          learnerMarks += 1;
        } else {
          await current.getByTestId('mark-half').click();
        }
        // Enter saves and opens the next answer.
        await current.getByTestId('mark-comment').press('Enter');
        await expect.poll(async () => (await view.getByTestId('marking-question-done').count()) > 0
          || Number(await view.getByTestId('marking-current').getAttribute('data-attempt').catch(() => '0')) !== attempt, poll).toBe(true);
      }
    }
    expect(learnerMarks).toBeGreaterThan(0);
    await saveScreenshot(teacher, 'exam-marking-done');

    const { rows: marked } = await db.query<{ marking_state: string; objective_score: number; score: number; marks: number; markers: number }>(
      `select a.marking_state, a.objective_score, a.score,
         (select coalesce(sum(m.score), 0)::int from exam_mark m where m.tenant_id = a.tenant_id and m.attempt_id = a.id) as marks,
         (select count(*)::int from exam_mark m where m.tenant_id = a.tenant_id and m.attempt_id = a.id and m.marker_id is not null) as markers
       from exam_attempt a where a.tenant_id = $1 and a.id = $2`, [DEMO, attemptId]);
    expect(marked[0]!.marking_state).toBe('done');
    expect(marked[0]!.markers).toBe(learnerMarks);
    expect(marked[0]!.score).toBe(marked[0]!.objective_score + marked[0]!.marks);
    const finalScore = marked[0]!.score;

    // The learner: the result shows the final score and the comment; the history lists the score.
    await page.reload();
    await result.waitFor();
    await expect.poll(() => page.getByTestId('exam-score').textContent(), poll).toBe(String(finalScore));
    await expect.poll(() => result.textContent(), poll).toContain(comment);
    expect(await result.textContent()).not.toContain('待阅卷');
    await saveScreenshot(page, 'exam-marking-result');
    await page.goto(`${baseUrl}/study/exam/examHistory`);
    const history = page.locator('main');
    await expect.poll(() => history.textContent(), poll).toContain(exam.title);
    await expect.poll(async () => (await history.textContent())?.includes(String(finalScore)) ?? false, poll).toBe(true);
    await saveScreenshot(page, 'exam-marking-history');
  });
});
