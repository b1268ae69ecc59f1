import pg from 'pg';
import type { Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, inject } from 'vitest';
import { tenantDb } from './db';
import { saveScreenshot, test, UI_TIMEOUT } from './browser';

// Mock practice end to end (issue 18 part C), in Chromium against the real server: the demo learner
// picks a category on /paper and 5 questions, answers them one at a time, gets one wrong on purpose
// and reads its explanation, sees the summary, finds the question in myTest's wrong-answer book,
// practises the book with it answered right, and finds it under 已掌握 (mastered).

const baseUrl = inject('baseUrl');
const poll = { timeout: UI_TIMEOUT, interval: 100 };
const DEMO = 1001;

type Snapshot = { kind: string; stem: string; options: { key: string; text: string }[]; answer: string[] | string[][] | null; children?: Snapshot[] };

let db: pg.Client;
/** A category of the demo bank with at least 5 practisable questions. */
let category = { id: 0, name: '' };

beforeAll(async () => {
  db = await tenantDb(DEMO);
  const { rows } = await db.query<{ id: string; name: string }>(
    `select c.id, c.name from question_category c
      where c.tenant_id = $1 and (select count(*) from bank_question q where q.category_id = c.id and q.parent_id is null and q.state = 'active') >= 5
        and not exists (select 1 from question_category k where k.parent_id = c.id)
      order by c.id limit 1`, [DEMO]);
  category = { id: Number(rows[0]?.id), name: rows[0]?.name ?? '' };
  // Journeys that ran before this one handed in exams as the same learner, and a closed exam's
  // wrong answers enter the book: with dozens mastered at once, this one's question could sit past
  // the first page of 已掌握. The journey starts from the seeded book (its practice answers) only.
  await db.query(`delete from wrong_answer where tenant_id = $1 and source = 'exam'
    and user_id = (select id from user_account where tenant_id = $1 and account = 'learner')`, [DEMO]);
  expect(category.id, 'the demo bank needs a category of 5 questions').toBeGreaterThan(0);
});
afterAll(() => db.end());

/** The snapshot of a session, answers included (the test reads past the API what a learner never sees first). */
async function snapshotOf(sessionId: number): Promise<Snapshot[]> {
  const { rows } = await db.query<{ questions: Snapshot[] }>('select questions from practice_session where id = $1', [sessionId]);
  return rows[0]!.questions;
}

const sessionIdOf = (page: Page) => Number(new URL(page.url()).searchParams.get('session'));

/** Answers one question (or a composite's part) in its section: right, or wrong on purpose. */
async function fill(section: ReturnType<Page['locator']>, q: Snapshot, right: boolean) {
  if (q.kind === 'single' || q.kind === 'judge' || q.kind === 'multiple') {
    const keys = right ? (q.answer as string[]) : [q.options.map((o) => o.key).find((k) => !(q.answer as string[]).includes(k))!];
    for (const k of keys) await section.locator(`label:has(input[value="${k}"])`).first().click();
  } else if (q.kind === 'fill') {
    const blanks = q.answer as string[][];
    for (const [i, accepted] of blanks.entries()) await section.getByTestId('question-blank').nth(i).fill(right ? accepted[0]! : '不是这个');
  } else if (q.kind === 'short') {
    await section.getByTestId('question-written').fill('我的作答要点');
  }
}

/** Answers the current question of the runner, checks it and, for a short answer, judges it. */
async function answerCurrent(page: Page, q: Snapshot, right: boolean) {
  const section = page.getByTestId('practice-runner').locator(':scope > [data-testid="exam-question"]');
  if (q.kind === 'composite') {
    const parts = section.locator('[data-testid="exam-question"]');
    for (const [i, c] of (q.children ?? []).entries()) await fill(parts.nth(i), c, right);
  } else {
    await fill(section, q, right);
  }
  await page.getByTestId('practice-check').click();
  const feedback = page.getByTestId('practice-feedback');
  await feedback.waitFor();
  if (q.kind === 'short' || (q.kind === 'composite' && (q.children ?? []).every((c) => c.kind === 'short'))) {
    await page.getByTestId(right ? 'practice-got-it' : 'practice-missed-it').click();
  }
  await expect.poll(() => feedback.getAttribute('data-correct'), poll).toBe(String(right));
}

/** Goes on to the next question, or finishes after the last. */
async function next(page: Page, last: boolean) {
  if (last) await page.getByTestId('practice-finish').click();
  else await page.getByTestId('practice-next').click();
}

describe('mock practice', () => {
  test('a learner practises 5 questions of a category, one wrong, finds it in the wrong-answer book and masters it', async ({ page }) => {
    await page.goto(`${baseUrl}/study/login`);
    await page.getByTestId('login-account').fill('learner');
    await page.getByTestId('login-password').fill('Study@2026');
    await page.getByTestId('login-submit').click();
    await page.getByTestId('user-menu').waitFor();

    await page.goto(`${baseUrl}/study/paper`);
    await page.getByTestId('practice-picker').waitFor();
    await page.getByTestId('practice-tree').getByText(category.name, { exact: false }).first().click();
    await expect.poll(() => page.getByTestId('practice-chosen').textContent(), poll).toContain(category.name);
    await page.getByTestId('practice-count').getByText('5 题').click();
    await saveScreenshot(page, 'practice-picker');
    await page.getByTestId('practice-start').click();
    await page.getByTestId('practice-runner').waitFor();
    const sessionId = sessionIdOf(page);
    expect(sessionId).toBeGreaterThan(0);
    const questions = await snapshotOf(sessionId);
    expect(questions).toHaveLength(5);
    // The one to get wrong: the first machine-checked question.
    const wrongAt = questions.findIndex((q) => ['single', 'multiple', 'judge'].includes(q.kind));
    expect(wrongAt).toBeGreaterThanOrEqual(0);

    for (const [i, q] of questions.entries()) {
      await expect.poll(() => page.getByTestId('practice-progress').textContent(), poll).toBe(`第 ${i + 1} / 5 题`);
      await answerCurrent(page, q, i !== wrongAt);
      if (i === wrongAt) {
        const feedback = page.getByTestId('practice-feedback');
        await expect.poll(() => feedback.textContent(), poll).toContain('回答错误');
        expect(await feedback.textContent()).toContain('解析');
        expect(await page.getByTestId('practice-correct-answer').textContent()).toContain('正确答案');
        await saveScreenshot(page, 'practice-wrong-feedback');
      }
      await next(page, i === questions.length - 1);
    }
    const summary = page.getByTestId('practice-summary');
    await summary.waitFor();
    await expect.poll(() => summary.textContent(), poll).toContain('正确率：80%');
    await saveScreenshot(page, 'practice-summary');

    // myTest's wrong-answer book has the question.
    await summary.getByRole('link', { name: '我的练习' }).click();
    await page.getByTestId('my-test').waitFor();
    await page.getByRole('tab', { name: '错题本' }).click();
    const wrongStem = questions[wrongAt]!.stem;
    const entry = page.getByTestId('my-test-wrong-item').filter({ hasText: wrongStem.slice(0, 20) });
    await expect.poll(() => entry.count(), poll).toBe(1);
    await saveScreenshot(page, 'practice-wrong-book');

    // Practise the book: every question right, the wrong one among them.
    await page.getByTestId('my-test-practise').click();
    await page.getByTestId('practice-runner').waitFor();
    const book = await snapshotOf(sessionIdOf(page));
    expect(book.some((q) => q.stem === wrongStem)).toBe(true);
    for (const [i, q] of book.entries()) {
      await expect.poll(() => page.getByTestId('practice-runner').getAttribute('data-index'), poll).toBe(String(i));
      await answerCurrent(page, q, true);
      await next(page, i === book.length - 1);
    }
    await page.getByTestId('practice-summary').waitFor();

    // Mastered: gone from the book, listed under 已掌握.
    await page.goto(`${baseUrl}/study/user/center/study/myTest?tab=wrong`);
    await page.getByTestId('my-test').waitFor();
    await expect.poll(async () => (await page.getByTestId('my-test-wrong-empty').count()) + (await page.getByTestId('my-test-wrong').count()), poll).toBeGreaterThan(0);
    expect(await page.getByTestId('my-test-wrong-item').filter({ hasText: wrongStem.slice(0, 20) }).count()).toBe(0);
    await page.getByRole('tab', { name: '已掌握' }).click();
    await expect.poll(() => page.getByTestId('my-test-wrong-item').filter({ hasText: wrongStem.slice(0, 20) }).count(), poll).toBe(1);
    await saveScreenshot(page, 'practice-mastered');
  });
});
