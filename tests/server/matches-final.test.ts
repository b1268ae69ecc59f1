// Matches, the scoreboard and the final places (issue 19 part F; server/modules/task/matches-*.ts):
// an exam round's best passed score inside its window, ties to the earlier submission, the final
// places written once the match ended and their points awarded once, and a final board that never
// shows two entrants in one place. The rest of matches: ./matches.test.ts.
import { beforeAll, describe, expect, it } from 'vitest';
import { at, matchesFixture, q, type SignedIn } from './matches-fixture';

const fx = matchesFixture();
const { data, owner, makeMatch, addExamRound, enrolDirect, makeUser } = fx;
let learner: SignedIn;
beforeAll(() => {
  ({ learner } = fx.state);
});

describe('the scoreboard and final places', () => {
  it('counts an exam round\'s best passed score inside its window and breaks ties by the earlier submission', async () => {
    const m = await makeMatch({ run: [-3, 10], stage: [-3, 5] });
    const examId = await addExamRound(m.matchId);
    const student = await owner().selectFrom('user_account').select('id').where('tenant_id', '=', 1001).where('account', '=', 'student1').executeTakeFirstOrThrow();
    const studentId = Number(student.id);
    await enrolDirect(m.matchId, learner.id, -2);
    await enrolDirect(m.matchId, studentId, -2.5);
    const attempt = (userId: number, days: number, score: number, passed: boolean) => owner().insertInto('exam_attempt').values({
      tenant_id: 1001, exam_id: examId, user_id: userId, started_at: at(days - 0.01), deadline: null, submitted_at: at(days), score, passed, state: 'submitted',
    }).execute();
    await attempt(learner.id, -2, 60, true);
    await attempt(learner.id, -1, 70, true);
    await attempt(learner.id, -0.5, 95, false); // failed: does not count
    await attempt(learner.id, -10, 99, true); // before the stage: does not count
    await attempt(studentId, -1.5, 70, true);
    const board = await data('GET', q('/task/api/match/scoreboard', { id: m.matchId }), learner.token);
    expect(board.stages).toHaveLength(2);
    // Both have 70; the student's counted hand-in (day -1.5) is earlier than the learner's (day -1).
    expect(board.rows.map((r: { userId: number; total: number; place: number }) => [r.userId, r.total, r.place]))
      .toEqual([[studentId, 70, 1], [learner.id, 70, 2]]);
    expect(board.rows[1].stageScores).toEqual([null, 70]);
    const detail = await data('GET', q('/task/api/match/detail', { id: m.matchId }), learner.token);
    expect(detail.stages[1]).toMatchObject({ kind: 'exam', myExamScore: 70 });
  });

  it('writes the final places once the match ended and awards their points once', async () => {
    const m = await makeMatch({ run: [-5, 10], stage: [-5, 5] });
    const student = await owner().selectFrom('user_account').select('id').where('tenant_id', '=', 1001).where('account', '=', 'student2').executeTakeFirstOrThrow();
    await enrolDirect(m.matchId, learner.id);
    await enrolDirect(m.matchId, Number(student.id));
    for (const [userId, score] of [[learner.id, 40], [Number(student.id), 30]] as const) {
      await owner().insertInto('competition_submission').values({ tenant_id: 1001, match_id: m.matchId, stage_id: m.stageId, user_id: userId, title: '作品', score, attachments: '[]' }).execute();
    }
    expect((await data('GET', q('/task/api/match/detail', { id: m.matchId }), learner.token)).finalised).toBe(false);
    await owner().updateTable('competition').set({ end_time: at(-0.001), enroll_end: at(-0.002) }).where('id', '=', m.matchId).execute();
    const points = async () => (await owner().selectFrom('points_ledger').select(['user_id', 'points']).where('tenant_id', '=', 1001)
      .where('kind', '=', 'match_place').where('ref', '=', `match:${m.matchId}`).orderBy('points', 'desc').execute()).map((r) => [Number(r.user_id), r.points]);
    expect(await points()).toEqual([]);
    const detail = await data('GET', q('/task/api/match/detail', { id: m.matchId }), learner.token);
    expect(detail).toMatchObject({ status: 'ended', finalised: true, myPlace: 1 });
    const rule = await owner().selectFrom('points_rule').select(['points', 'enabled']).where('tenant_id', '=', 1001).where('kind', '=', 'match_place').executeTakeFirst();
    // 1st earns 5 units, 2nd 3 (MATCH_PLACE_UNITS) of the tenant's match_place rule.
    const expected = rule?.enabled ? [[learner.id, rule.points * 5], [Number(student.id), rule.points * 3]] : [];
    expect(await points()).toEqual(expected);
    expect(detail.myPlacePoints).toBe(rule?.enabled ? rule.points * 5 : 0);
    await data('GET', q('/task/api/match/scoreboard', { id: m.matchId }), undefined);
    await data('GET', q('/task/api/match/searchByUser', {}), learner.token);
    expect(await points()).toEqual(expected);
  });
});

describe('the final board', () => {
  /**
   * A running match with a judged submission stage and an exam round whose window runs past the
   * match's end, and two new entrants: `placed` with a judged work of 40, `other` with nothing yet.
   */
  async function twoEntrants(prefix: string) {
    const m = await makeMatch({ run: [-3, 10], stage: [-3, 5] });
    const examId = await addExamRound(m.matchId);
    const placed = await makeUser(`${prefix}-placed-${Date.now()}`);
    const other = await makeUser(`${prefix}-other-${Date.now()}`);
    await enrolDirect(m.matchId, placed.id, -2);
    await enrolDirect(m.matchId, other.id, -2);
    await owner().insertInto('competition_submission').values({ tenant_id: 1001, match_id: m.matchId, stage_id: m.stageId, user_id: placed.id, title: '作品', score: 40, attachments: '[]', submitted_at: at(-1) }).execute();
    return { m, examId, placed, other };
  }

  /** Closes a match early, as the back-office's close does: the match ends, its stages keep their windows. */
  const closeEarly = (matchId: number) =>
    owner().updateTable('competition').set({ end_time: at(-0.01), enroll_end: at(-0.02) }).where('id', '=', matchId).execute();

  it('never shows two entrants in one place: an exam handed in after an early close counts nowhere, before or after finalising', async () => {
    // A judged submission stage, and an exam round whose own window runs on past the match's early close.
    const { m, examId, placed, other: late } = await twoEntrants('final');
    await closeEarly(m.matchId);
    const handIn = (days: number, score: number) => owner().insertInto('exam_attempt').values({
      tenant_id: 1001, exam_id: examId, user_id: late.id, started_at: at(days - 0.001), deadline: null, submitted_at: at(days), score, passed: true, state: 'submitted',
    }).execute();
    await handIn(-0.005, 80); // after the close, before the first read finalises
    const first = await data('GET', q('/task/api/match/scoreboard', { id: m.matchId }), undefined);
    expect(first.final).toBe(true);
    expect(first.rows.map((r: { userId: number; place: number | null; total: number }) => [r.userId, r.place, r.total])).toEqual([[placed.id, 1, 40], [late.id, null, 0]]);
    await handIn(0, 90); // after finalising, still inside the exam round's own window
    const board = await data('GET', q('/task/api/match/scoreboard', { id: m.matchId }), late.token);
    expect(board.rows.map((r: { userId: number; place: number | null; total: number }) => [r.userId, r.place, r.total])).toEqual([[placed.id, 1, 40], [late.id, null, 0]]);
    expect(board.rows[1]).toMatchObject({ stageScores: [null, null], me: true });
    const mine = await data('GET', q('/task/api/match/searchByUser', { status: 'ended', pageSize: 50 }), late.token);
    expect(mine.list.find((x: { id: number }) => x.id === m.matchId)).toMatchObject({ place: null, total: 0, placePoints: null, scoredStages: 0 });
  });

  it('never shows two entrants in one place: an exam marked after finalising does not give a live place beside the final ones', async () => {
    const { m, examId, placed, other: waiting } = await twoEntrants('marked');
    // Handed in inside the window, its short answers still waiting for a marker when the match ends.
    const attempt = await owner().insertInto('exam_attempt').values({
      tenant_id: 1001, exam_id: examId, user_id: waiting.id, started_at: at(-0.6), deadline: null, submitted_at: at(-0.5), score: null, passed: null,
      state: 'submitted', marking_state: 'pending',
    }).returning('id').executeTakeFirstOrThrow();
    await closeEarly(m.matchId);
    const first = await data('GET', q('/task/api/match/scoreboard', { id: m.matchId }), undefined);
    expect(first.rows.map((r: { userId: number; place: number | null }) => [r.userId, r.place])).toEqual([[placed.id, 1], [waiting.id, null]]);
    // The marker finishes after the places were written: 95 would lead a live board.
    await owner().updateTable('exam_attempt').set({ score: 95, passed: true, marking_state: 'done' }).where('id', '=', attempt.id).execute();
    const board = await data('GET', q('/task/api/match/scoreboard', { id: m.matchId }), undefined);
    expect(board.rows.map((r: { userId: number; place: number | null; total: number }) => [r.userId, r.place, r.total])).toEqual([[placed.id, 1, 40], [waiting.id, null, 0]]);
    const mine = await data('GET', q('/task/api/match/searchByUser', { status: 'ended', pageSize: 50 }), waiting.token);
    expect(mine.list.find((x: { id: number }) => x.id === m.matchId)).toMatchObject({ place: null, total: 0 });
  });
});

