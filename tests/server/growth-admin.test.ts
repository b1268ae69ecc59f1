// The back-office's competition and game editors (issue 19 part I; docs/api.md "Growth:
// back-office", docs/growth.md "Back-office"): every call, the validation messages, what learners
// did is kept (a stage with entries, a played game's rounds), judges through the marker role,
// refusals (guest, learner, another tenant's admin, a tenant without a back-office) and isolation.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { apiOf } from './api';
import { createTestApp, type TestApp } from './harness';

let t: TestApp;
const { call, data, signIn } = apiOf(() => t.app);
const DEMO = 1001;
const ACME = 1002;
let admin: { id: number; token: string };
let learner: { id: number; token: string };
let teacher: { id: number; token: string };
let acmeAdmin: { id: number; token: string };

beforeAll(async () => {
  t = await createTestApp();
  admin = await signIn(DEMO, 'admin', 'Admin@2026');
  learner = await signIn(DEMO, 'learner', 'Study@2026');
  teacher = await signIn(DEMO, 'teacher', 'Teach@2026');
  // acme has no back-office in the demo; here it gets one, with an admin, to try another tenant's admin.
  await t.db.owner.updateTable('tenant').set({ tenant_type: 1 } as never).where('id', '=', ACME).execute();
  await t.db.owner.updateTable('user_account').set({ admin_auth: true }).where('tenant_id', '=', ACME).where('account', '=', 'learner').execute();
  acmeAdmin = await signIn(ACME, 'learner', 'Study@2026');
}, 120_000);
afterAll(async () => t?.close());

const q = (path: string, token = admin.token, tenantId = DEMO) => data('GET', `${path}${path.includes('?') ? '&' : '?'}tenantId=${tenantId}`, token);
const post = (path: string, body: object, token = admin.token, tenantId = DEMO) => call('POST', path, token, { tenantId, ...body });
const ok = async (path: string, body: object, token = admin.token, tenantId = DEMO) => {
  const res = await post(path, body, token, tenantId);
  expect(res, res.message).toMatchObject({ success: true });
  return res.data;
};

const HOUR = 3600_000;
// One clock for the file: stage times built apart from their match's still line up to the millisecond.
const NOW = Math.floor(Date.now() / 60_000) * 60_000;
const at = (hours: number) => new Date(NOW + hours * HOUR).toISOString();
/** A match enrolling now, running from +1 h to +48 h, with one submission stage. */
function matchInput(over: Record<string, unknown> = {}) {
  return {
    title: '测试竞赛', summary: '一句话简介', rules: '<p>规则<script>alert(1)</script><strong>加粗</strong></p>', coverImg: null,
    enrollStart: at(-1), enrollEnd: at(24), startTime: at(1), endTime: at(48), entrantLimit: 10, state: 'published',
    stages: [{ title: '作品提交', description: '交一篇文章', kind: 'submission', startTime: at(1), endTime: at(40), maxScore: 100, examId: null }],
    ...over,
  };
}
const question = (over: Record<string, unknown> = {}) => ({
  kind: 'single', stem: '一加一等于几？', options: [{ key: 'A', text: '1' }, { key: 'B', text: '2' }], answer: ['B'], explanation: '算术', score: 1, ...over,
});
const round = (title: string, questions = [question()]) => ({ title, content: '先读这段材料。', timeLimit: 120, passScore: 60, questions });

describe('who may call', () => {
  const calls: Array<['GET' | 'POST', string, object?]> = [
    ['GET', '/task/api/admin/matches'], ['GET', '/task/api/admin/match?id=1'], ['GET', '/task/api/admin/match/choices'],
    ['POST', '/task/api/admin/match/save', { match: matchInput() }], ['POST', '/task/api/admin/match/delete', { id: 1 }],
    ['POST', '/task/api/admin/match/close', { id: 1 }], ['POST', '/task/api/admin/match/judge', { id: 1, userId: 1, grant: true }],
    ['GET', '/task/api/admin/games'], ['GET', '/task/api/admin/game?id=1'], ['POST', '/task/api/admin/game/save', { game: { title: '某游戏', cover: null, summary: '', rounds: [] } }],
    ['POST', '/task/api/admin/game/publish', { id: 1, published: true }], ['POST', '/task/api/admin/game/delete', { id: 1 }],
    ['GET', '/task/api/admin/game/contents'], ['GET', '/task/api/admin/game/bankCategories'], ['GET', '/task/api/admin/game/bankQuestions?categoryId=1'],
  ];
  const send = (method: 'GET' | 'POST', url: string, token: string | undefined, body?: object) => {
    if (method === 'GET') return call('GET', `${url}${url.includes('?') ? '&' : '?'}tenantId=${DEMO}`, token);
    return call('POST', url, token, { tenantId: DEMO, ...body });
  };

  it('refuses a guest with the sign-in flag on every call', async () => {
    for (const [method, url, body] of calls) expect(await send(method, url, undefined, body), url).toMatchObject({ success: false, flag: 401 });
  });

  it('refuses a learner and a teacher without adminAuth on every call (403 NO_ADMIN_AUTH, a Chinese message)', async () => {
    for (const who of [learner, teacher]) {
      for (const [method, url, body] of calls) {
        const res = await send(method, url, who.token, body);
        expect(res, url).toMatchObject({ success: false, code: 403, errorCode: 'NO_ADMIN_AUTH' });
        expect(res.message).toContain('没有管理后台的权限');
      }
    }
  });

  it('refuses another tenant\'s admin here, and a tenant without a back-office', async () => {
    expect(await call('GET', `/task/api/admin/matches?tenantId=${DEMO}`, acmeAdmin.token)).toMatchObject({ success: false, flag: 401 });
    const campus = await signIn(1533, 'learner', 'Study@2026');
    expect(await call('GET', '/task/api/admin/games?tenantId=1533', campus.token)).toMatchObject({ success: false, errorCode: 'ADMIN_NOT_ENABLED' });
  });
});

describe('matches', () => {
  it('lists the seeded matches with status and entrants, searchable by title', async () => {
    const page = await q('/task/api/admin/matches?pageSize=50');
    expect(page.total).toBeGreaterThanOrEqual(3);
    const statuses = new Set(page.list.map((m: { status: string }) => m.status));
    expect(statuses.has('ended')).toBe(true);
    expect(page.list.some((m: { entrantCount: number }) => m.entrantCount > 0)).toBe(true);
    const first = page.list[0];
    const found = await q(`/task/api/admin/matches?keyword=${encodeURIComponent(first.title.slice(0, 3))}`);
    expect(found.list.some((m: { id: number }) => m.id === first.id)).toBe(true);
    expect((await q('/task/api/admin/matches?keyword=不存在的竞赛名称xyz')).total).toBe(0);
  });

  it('creates a match with a sanitised rule text; learners see it and may enrol', async () => {
    const m = await ok('/task/api/admin/match/save', { match: matchInput() });
    expect(m).toMatchObject({ title: '测试竞赛', status: 'enrolling', state: 'published', entrantLimit: 10, stageCount: 1, everEnrolled: 0 });
    expect(m.rules).not.toContain('script');
    expect(m.rules).toContain('<strong>加粗</strong>');
    expect(m.stages[0]).toMatchObject({ title: '作品提交', kind: 'submission', maxScore: 100, submissionCount: 0 });
    const detail = await q(`/task/api/match/detail?id=${m.id}`, learner.token);
    expect(detail.title).toBe('测试竞赛');
    await ok('/task/api/match/enroll', { matchId: m.id }, learner.token);
    expect((await q(`/task/api/admin/match?id=${m.id}`)).entrantCount).toBe(1);
  });

  it('explains each invalid window, limit and stage in Chinese', async () => {
    const cases: Array<[Record<string, unknown>, string, string]> = [
      [{ title: ' 赛' }, 'MATCH_TITLE_INVALID', '竞赛名称需要 2 到 60 个字'],
      [{ enrollStart: at(30), enrollEnd: at(24) }, 'MATCH_ENROLL_WINDOW', '报名开始时间必须早于报名截止时间'],
      [{ startTime: at(50) }, 'MATCH_WINDOW', '竞赛开始时间必须早于结束时间'],
      [{ enrollEnd: at(60) }, 'MATCH_ENROLL_AFTER_END', '报名截止时间不能晚于竞赛结束时间'],
      [{ entrantLimit: 0 }, 'MATCH_LIMIT_INVALID', '名额上限至少为 1 人'],
      [{ stages: [] }, 'MATCH_NO_STAGES', '发布前请至少添加一个阶段'],
      [{ stages: [{ ...matchInput().stages[0], startTime: at(0) }] }, 'STAGE_OUTSIDE_MATCH', '时间必须在竞赛开始和结束之间'],
      [{ stages: [{ ...matchInput().stages[0], endTime: at(50) }] }, 'STAGE_OUTSIDE_MATCH', '时间必须在竞赛开始和结束之间'],
      [{ stages: [{ ...matchInput().stages[0], startTime: at(10), endTime: at(5) }] }, 'STAGE_WINDOW', '开始时间必须早于结束时间'],
      [{ stages: [{ ...matchInput().stages[0], maxScore: null }] }, 'STAGE_MAX_SCORE', '需要满分'],
      [{ stages: [{ ...matchInput().stages[0], kind: 'exam', maxScore: null, examId: null }] }, 'STAGE_EXAM_REQUIRED', '需要选择一场考试'],
    ];
    for (const [over, errorCode, message] of cases) {
      const res = await post('/task/api/admin/match/save', { match: matchInput(over) });
      expect(res, errorCode).toMatchObject({ success: false, errorCode });
      expect(res.message).toContain(message);
    }
    // A draft may be saved without stages.
    await ok('/task/api/admin/match/save', { match: matchInput({ state: 'draft', stages: [] }) });
  });

  it('adds an exam round from the tenant\'s exams, in order', async () => {
    const { exams } = await q('/task/api/admin/match/choices');
    expect(exams.length).toBeGreaterThan(0);
    const m = await ok('/task/api/admin/match/save', {
      match: matchInput({ stages: [
        { title: '笔试', description: '', kind: 'exam', startTime: at(1), endTime: at(10), maxScore: null, examId: exams[0].id },
        ...matchInput().stages,
      ] }),
    });
    expect(m.stages.map((s: { kind: string }) => s.kind)).toEqual(['exam', 'submission']);
    expect(m.stages[0]).toMatchObject({ examId: exams[0].id, examTitle: exams[0].title, maxScore: null });
  });

  it('keeps a stage that has entries: its kind stays, it cannot be removed, its maximum stays above the scores; its entries survive edits', async () => {
    // The seeded running match: its essay stage holds the other learners' entries (one scored 86).
    const page = await q('/task/api/admin/matches?pageSize=50');
    const running = page.list.find((m: { status: string; entrantCount: number }) => m.status === 'in_progress' && m.entrantCount > 0);
    const m = await q(`/task/api/admin/match?id=${running.id}`);
    const withEntries = m.stages.find((s: { submissionCount: number }) => s.submissionCount > 0);
    expect(withEntries).toBeTruthy();
    const input = {
      id: m.id, title: m.title, summary: m.summary, rules: m.rules, coverImg: m.coverImg, enrollStart: m.enrollStart, enrollEnd: m.enrollEnd,
      startTime: m.startTime, endTime: m.endTime, entrantLimit: m.entrantLimit, state: m.state,
      stages: m.stages.map((s: Record<string, unknown>) => ({ id: s.id, title: s.title, description: s.description, kind: s.kind, startTime: s.startTime, endTime: s.endTime, maxScore: s.maxScore, examId: s.examId })),
    };
    const others = input.stages.filter((s: { id: number }) => s.id !== withEntries.id);
    const removed = await post('/task/api/admin/match/save', { match: { ...input, stages: others } });
    expect(removed).toMatchObject({ success: false, errorCode: 'STAGE_HAS_SUBMISSIONS' });
    expect(removed.message).toContain('不能删除');
    const changed = await post('/task/api/admin/match/save', {
      match: { ...input, stages: input.stages.map((s: { id: number }) => (s.id === withEntries.id ? { ...s, kind: 'exam', maxScore: null, examId: 1 } : s)) },
    });
    expect(changed).toMatchObject({ success: false, errorCode: 'STAGE_HAS_SUBMISSIONS' });
    const lowered = await post('/task/api/admin/match/save', {
      match: { ...input, stages: input.stages.map((s: { id: number }) => (s.id === withEntries.id ? { ...s, maxScore: 50 } : s)) },
    });
    expect(lowered).toMatchObject({ success: false, errorCode: 'STAGE_MAX_BELOW_SCORES' });
    // Renamed and moved to the end: the entries stay with it.
    const saved = await ok('/task/api/admin/match/save', {
      match: { ...input, stages: [...others, { ...input.stages.find((s: { id: number }) => s.id === withEntries.id), title: '改名的阶段' }] },
    });
    const after = saved.stages.at(-1);
    expect(after).toMatchObject({ id: withEntries.id, title: '改名的阶段', submissionCount: withEntries.submissionCount });
    // Limit below the entrants now enrolled.
    const below = await post('/task/api/admin/match/save', { match: { ...input, stages: saved.stages.map((s: Record<string, unknown>) => ({ id: s.id, title: s.title, description: s.description, kind: s.kind, startTime: s.startTime, endTime: s.endTime, maxScore: s.maxScore, examId: s.examId })), entrantLimit: 1 } });
    expect(m.entrantCount).toBeGreaterThan(1);
    expect(below).toMatchObject({ success: false, errorCode: 'MATCH_LIMIT_BELOW_ENTRANTS' });
    expect(below.message).toContain(`已有 ${m.entrantCount} 人报名`);
  });

  it('deletes a match only while nobody enrolled; closes one early instead', async () => {
    const fresh = await ok('/task/api/admin/match/save', { match: matchInput({ title: '待删除的竞赛' }) });
    await ok('/task/api/admin/match/delete', { id: fresh.id });
    expect(await call('GET', `/task/api/admin/match?tenantId=${DEMO}&id=${fresh.id}`, admin.token)).toMatchObject({ success: false, errorCode: 'MATCH_NOT_FOUND' });
    const busy = await ok('/task/api/admin/match/save', { match: matchInput({ title: '有人报名的竞赛' }) });
    await ok('/task/api/match/enroll', { matchId: busy.id }, learner.token);
    // Withdrawn still counts: the entrant's history stays.
    await ok('/task/api/match/cancelEnroll', { matchId: busy.id }, learner.token);
    const refused = await post('/task/api/admin/match/delete', { id: busy.id });
    expect(refused).toMatchObject({ success: false, errorCode: 'MATCH_HAS_ENTRANTS' });
    expect(refused.message).toContain('可以提前结束');
    const closed = await ok('/task/api/admin/match/close', { id: busy.id });
    expect(closed.status).toBe('ended');
    expect(new Date(closed.endTime).getTime()).toBeLessThanOrEqual(Date.now() + 1000);
    expect((await q(`/task/api/match/detail?id=${busy.id}`, learner.token)).status).toBe('ended');
    expect(await post('/task/api/admin/match/close', { id: busy.id })).toMatchObject({ success: false, errorCode: 'MATCH_ALREADY_ENDED' });
  });

  it('grants and revokes a judge (the marker role over the match); an entrant cannot judge', async () => {
    const m = await ok('/task/api/admin/match/save', { match: matchInput({ title: '评委测试' }) });
    const judges = await ok('/task/api/admin/match/judge', { id: m.id, userId: teacher.id, grant: true });
    expect(judges).toEqual([expect.objectContaining({ userId: teacher.id, account: 'teacher' })]);
    const grants = await q('/exam/api/admin/roles');
    expect(grants).toContainEqual(expect.objectContaining({ userId: teacher.id, role: 'marker', scopeType: 'match', scopeId: m.id, scopeName: '评委测试' }));
    // The judge sees the match's entries to score (part F's judgeList).
    expect(await call('GET', `/task/api/match/judgeList?tenantId=${DEMO}&matchId=${m.id}`, teacher.token)).toMatchObject({ success: true });
    await ok('/task/api/match/enroll', { matchId: m.id }, learner.token);
    expect(await post('/task/api/admin/match/judge', { id: m.id, userId: learner.id, grant: true })).toMatchObject({ success: false, errorCode: 'JUDGE_IS_ENTRANT' });
    expect(await ok('/task/api/admin/match/judge', { id: m.id, userId: teacher.id, grant: false })).toEqual([]);
    expect(await post('/task/api/admin/match/judge', { id: m.id, userId: teacher.id, grant: false })).toMatchObject({ success: false, errorCode: 'JUDGE_NOT_FOUND' });
  });
});

describe('games', () => {
  it('lists the seeded games, drafts too', async () => {
    const page = await q('/task/api/admin/games?pageSize=50');
    expect(page.total).toBeGreaterThanOrEqual(2);
    expect(page.list.every((g: { published: boolean }) => g.published)).toBe(true);
  });

  it('creates a draft with rounds and questions; publishing needs a round and a question in every round; learners then see it', async () => {
    const draft = await ok('/task/api/admin/game/save', { game: { title: '新游戏', cover: null, summary: '简介', rounds: [] } });
    expect(draft).toMatchObject({ published: false, roundCount: 0, played: false });
    expect(await post('/task/api/admin/game/publish', { id: draft.id, published: true })).toMatchObject({ success: false, errorCode: 'GAME_NO_ROUNDS', message: '发布前请至少添加一关。' });
    const two = await ok('/task/api/admin/game/save', { game: { id: draft.id, title: '新游戏', cover: null, summary: '简介', rounds: [round('第一关'), round('空关', [])] } });
    expect(two.roundCount).toBe(2);
    const refused = await post('/task/api/admin/game/publish', { id: draft.id, published: true });
    expect(refused).toMatchObject({ success: false, errorCode: 'GAME_ROUND_NO_QUESTIONS' });
    expect(refused.message).toContain('第 2 关「空关」还没有题目');
    expect(await call('GET', `/task/api/game/detail?tenantId=${DEMO}&id=${draft.id}`, learner.token)).toMatchObject({ success: false });
    const input = { id: draft.id, title: '新游戏', cover: null, summary: '简介', rounds: [
      { ...round('第一关'), id: two.rounds[0].id, questions: [{ ...question(), id: two.rounds[0].questions[0].id }] },
      { ...round('第二关', [question({ kind: 'judge', stem: '地球是圆的', options: [{ key: 'T', text: '正确' }, { key: 'F', text: '错误' }], answer: ['T'] })]), id: two.rounds[1].id },
    ] };
    await ok('/task/api/admin/game/save', { game: input });
    const published = await ok('/task/api/admin/game/publish', { id: draft.id, published: true });
    expect(published.published).toBe(true);
    expect((await q(`/task/api/game/detail?id=${draft.id}`, learner.token)).game.title).toBe('新游戏');
    // A published game stays publishable: emptying a round is refused.
    const emptied = await post('/task/api/admin/game/save', { game: { ...input, rounds: [input.rounds[0], { ...input.rounds[1], questions: [] }] } });
    expect(emptied).toMatchObject({ success: false, errorCode: 'GAME_ROUND_NO_QUESTIONS' });
  });

  it('checks every question: stem, options, answers in the options, one answer for single and judge', async () => {
    const cases: Array<[Record<string, unknown>, string]> = [
      [{ stem: '  ' }, '第 1 关第 1 题需要题干。'],
      [{ answer: [] }, '第 1 关第 1 题还没有设置答案。'],
      [{ answer: ['C'] }, '第 1 关第 1 题的答案不在选项里。'],
      [{ answer: ['A', 'B'] }, '第 1 关第 1 题只能有一个答案。'],
      [{ kind: 'multiple', answer: ['A'] }, '第 1 关第 1 题是多选题，至少需要两个答案。'],
      [{ options: [{ key: 'A', text: '1' }] }, '第 1 关第 1 题至少需要两个选项。'],
      [{ kind: 'judge', options: [{ key: 'A', text: '对' }, { key: 'B', text: '错' }], answer: ['A'] }, '第 1 关第 1 题是判断题，选项只能是“正确”和“错误”。'],
    ];
    for (const [over, message] of cases) {
      const res = await post('/task/api/admin/game/save', { game: { title: '校验游戏', cover: null, summary: '', rounds: [round('第一关', [question(over)])] } });
      expect(res, message).toMatchObject({ success: false, message });
    }
    expect((await post('/task/api/admin/game/save', { game: { title: '校', cover: null, summary: '', rounds: [] } })).errorCode).toBe('GAME_TITLE_INVALID');
  });

  it('a played game keeps its rounds in order (rounds may be added, questions edited) and cannot be deleted', async () => {
    const g = await ok('/task/api/admin/game/save', { game: { title: '玩过的游戏', cover: null, summary: '', rounds: [round('一'), round('二')] } });
    await ok('/task/api/admin/game/publish', { id: g.id, published: true });
    expect(await call('GET', `/task/api/game/start?tenantId=${DEMO}&gameId=${g.id}`, learner.token)).toMatchObject({ success: true });
    const base = g.rounds.map((r: { id: number; title: string; questions: Array<{ id: number }> }) => ({ ...round(r.title), id: r.id, questions: [{ ...question(), id: r.questions[0]!.id }] }));
    const game = (rounds: unknown[]) => ({ game: { id: g.id, title: '玩过的游戏', cover: null, summary: '', rounds } });
    const lost = await post('/task/api/admin/game/save', game([base[0]]));
    expect(lost).toMatchObject({ success: false, errorCode: 'GAME_PLAYED_ROUNDS_KEPT' });
    expect(lost.message).toContain('不能删除「二」');
    expect(await post('/task/api/admin/game/save', game([base[1], base[0]]))).toMatchObject({ success: false, errorCode: 'GAME_PLAYED_ORDER_KEPT' });
    expect(await post('/task/api/admin/game/save', game([round('插队'), ...base]))).toMatchObject({ success: false, errorCode: 'GAME_PLAYED_ORDER_KEPT' });
    const grown = await ok('/task/api/admin/game/save', game([base[0], { ...base[1], questions: [{ ...base[1].questions[0], stem: '改过的题干' }] }, round('三')]));
    expect(grown.rounds.map((r: { title: string }) => r.title)).toEqual(['一', '二', '三']);
    expect(grown.rounds[1].questions[0]).toMatchObject({ id: base[1].questions[0].id, stem: '改过的题干' });
    expect(grown).toMatchObject({ played: true, roundCount: 3 });
    const refused = await post('/task/api/admin/game/delete', { id: g.id });
    expect(refused).toMatchObject({ success: false, errorCode: 'GAME_PLAYED' });
    // Unpublishing hides it from learners.
    await ok('/task/api/admin/game/publish', { id: g.id, published: false });
    expect(await call('GET', `/task/api/game/detail?tenantId=${DEMO}&id=${g.id}`, learner.token)).toMatchObject({ success: false });
  });

  it('reorders an unplayed game\'s rounds and deletes it', async () => {
    const g = await ok('/task/api/admin/game/save', { game: { title: '没人玩的游戏', cover: null, summary: '', rounds: [round('甲'), round('乙')] } });
    const flipped = await ok('/task/api/admin/game/save', { game: { id: g.id, title: '没人玩的游戏', cover: null, summary: '', rounds: [
      { ...round('乙'), id: g.rounds[1].id }, { ...round('甲'), id: g.rounds[0].id },
    ] } });
    expect(flipped.rounds.map((r: { id: number; sort: number }) => [r.id, r.sort])).toEqual([[g.rounds[1].id, 1], [g.rounds[0].id, 2]]);
    await ok('/task/api/admin/game/delete', { id: g.id });
    expect(await call('GET', `/task/api/admin/game?tenantId=${DEMO}&id=${g.id}`, admin.token)).toMatchObject({ success: false, errorCode: 'GAME_NOT_FOUND' });
  });

  it('offers the tenant\'s contents and imports bank questions of a category (judge keyed T / F)', async () => {
    const contents = await q('/task/api/admin/game/contents');
    expect(contents.length).toBeGreaterThan(0);
    const word = contents[0].title.slice(0, 2);
    expect((await q(`/task/api/admin/game/contents?keyword=${encodeURIComponent(word)}`)).every((c: { title: string }) => c.title.toLowerCase().includes(word.toLowerCase()))).toBe(true);
    const cats = await q('/task/api/admin/game/bankCategories');
    const full = cats.find((c: { questionCount: number }) => c.questionCount > 0);
    const questions = await q(`/task/api/admin/game/bankQuestions?categoryId=${full.id}&count=50`);
    expect(questions.length).toBe(full.questionCount);
    for (const question of questions) {
      expect(['single', 'multiple', 'judge']).toContain(question.kind);
      expect(question.answer.length).toBeGreaterThan(0);
      if (question.kind === 'judge') expect(question.options.map((o: { key: string }) => o.key)).toEqual(['T', 'F']);
      for (const a of question.answer) expect(question.options.map((o: { key: string }) => o.key)).toContain(a);
    }
    // What the bank gives saves as a round as it is.
    await ok('/task/api/admin/game/save', { game: { title: '题库导入', cover: null, summary: '', rounds: [{ ...round('导入关'), questions }] } });
  });
});

describe('roles page scopes', () => {
  it('grants a teacher over a live room and a marker over a competition; refuses a marker over a room', async () => {
    const choices = await q('/exam/api/admin/exam/choices');
    expect(choices.rooms.length).toBeGreaterThan(0);
    expect(choices.matches.length).toBeGreaterThan(0);
    const room = choices.rooms[0];
    const grants = await ok('/exam/api/admin/role/grant', { userId: learner.id, role: 'teacher', scopeType: 'room', scopeId: room.id });
    expect(grants).toContainEqual(expect.objectContaining({ userId: learner.id, role: 'teacher', scopeType: 'room', scopeId: room.id, scopeName: room.title }));
    const bad = await post('/exam/api/admin/role/grant', { userId: learner.id, role: 'marker', scopeType: 'room', scopeId: room.id });
    expect(bad).toMatchObject({ success: false, errorCode: 'ROLE_SCOPE_INVALID' });
    expect(bad.message).toBe('阅卷人只能授予某场考试、某场竞赛或整个租户。');
    expect(await post('/exam/api/admin/role/grant', { userId: learner.id, role: 'marker', scopeType: 'match', scopeId: 999999 })).toMatchObject({ success: false, errorCode: 'MATCH_NOT_FOUND' });
    expect(await post('/exam/api/admin/role/grant', { userId: learner.id, role: 'teacher', scopeType: 'room' })).toMatchObject({ success: false, errorCode: 'ROLE_SCOPE_REQUIRED', message: '请选择直播间。' });
    await ok('/exam/api/admin/role/revoke', { userId: learner.id, role: 'teacher', scopeType: 'room', scopeId: room.id });
  });
});

describe('isolation', () => {
  it('shows another tenant\'s admin only their own matches and games, and refuses ours by id', async () => {
    const demoMatches = (await q('/task/api/admin/matches?pageSize=100')).list.map((m: { id: number }) => m.id);
    const acmeMatches = (await q('/task/api/admin/matches?pageSize=100', acmeAdmin.token, ACME)).list;
    expect(acmeMatches.length).toBeGreaterThan(0);
    expect(acmeMatches.some((m: { id: number }) => demoMatches.includes(m.id))).toBe(false);
    expect(await call('GET', `/task/api/admin/match?tenantId=${ACME}&id=${demoMatches[0]}`, acmeAdmin.token)).toMatchObject({ success: false, errorCode: 'MATCH_NOT_FOUND' });
    expect(await post('/task/api/admin/match/delete', { id: demoMatches[0] }, acmeAdmin.token, ACME)).toMatchObject({ success: false, errorCode: 'MATCH_NOT_FOUND' });
    const demoGames = (await q('/task/api/admin/games?pageSize=100')).list.map((g: { id: number }) => g.id);
    const acmeGames = (await q('/task/api/admin/games?pageSize=100', acmeAdmin.token, ACME)).list;
    expect(acmeGames.some((g: { id: number }) => demoGames.includes(g.id))).toBe(false);
    expect(await post('/task/api/admin/game/publish', { id: demoGames[0], published: false }, acmeAdmin.token, ACME)).toMatchObject({ success: false, errorCode: 'GAME_NOT_FOUND' });
    // Saving a demo stage id into an acme match is refused; a demo user cannot be made an acme judge.
    const acmeMatch = await ok('/task/api/admin/match/save', { match: matchInput({ title: 'Acme contest' }) }, acmeAdmin.token, ACME);
    expect(await post('/task/api/admin/match/judge', { id: acmeMatch.id, userId: teacher.id, grant: true }, acmeAdmin.token, ACME)).toMatchObject({ success: false, errorCode: 'USER_NOT_FOUND' });
    const demoMatch = await q(`/task/api/admin/match?id=${demoMatches[0]}`);
    const stolen = await post('/task/api/admin/match/save', { match: matchInput({ id: acmeMatch.id, title: 'Acme contest', stages: [{ ...matchInput().stages[0], id: demoMatch.stages[0].id }] }) }, acmeAdmin.token, ACME);
    expect(stolen).toMatchObject({ success: false, errorCode: 'STAGE_NOT_FOUND' });
  });
});
