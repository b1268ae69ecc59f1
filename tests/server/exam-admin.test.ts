// The back-office's question bank, exam builder, role grants and practice sets (issue 18 part A;
// docs/api.md "Exams: back-office"): every call, its validation messages, the spreadsheet import
// (all or nothing, a per-row report), refusals (guest, learner, teacher without adminAuth, another
// tenant's admin) and isolation of question_category, bank_question and practice_set.
import ExcelJS from 'exceljs';
import { sql } from 'kysely';
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

async function xlsx(rows: Array<Array<string | number>>): Promise<string> {
  const book = new ExcelJS.Workbook();
  const sheet = book.addWorksheet('Q');
  sheet.addRow(['kind', 'stem', 'A', 'B', 'C', 'D', 'E', 'F', 'G', 'H', 'answer', 'explanation', 'difficulty', 'score', 'category']);
  for (const r of rows) sheet.addRow(r);
  return Buffer.from(await book.xlsx.writeBuffer()).toString('base64');
}
const row = (kind: string, stem: string, options: string[], answer: string, path: string, difficulty: number | string = 2, score: number | string = '') =>
  [kind, stem, ...options, ...Array(8 - options.length).fill(''), answer, '', difficulty, score, path];

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

const q = (path: string, token = admin.token) => data('GET', `${path}${path.includes('?') ? '&' : '?'}tenantId=${DEMO}`, token);
const post = (path: string, body: object, token = admin.token) => call('POST', path, token, { tenantId: DEMO, ...body });
const ok = async (path: string, body: object) => {
  const res = await post(path, body);
  expect(res, res.message).toMatchObject({ success: true });
  return res.data;
};

describe('who may call', () => {
  const calls: Array<['GET' | 'POST', string, object?]> = [
    ['GET', '/exam/api/admin/bank/categories'], ['GET', '/exam/api/admin/bank/questions'], ['GET', '/exam/api/admin/bank/question?id=1'],
    ['POST', '/exam/api/admin/bank/category/save', { name: 'x' }], ['POST', '/exam/api/admin/bank/category/delete', { id: 1 }],
    ['POST', '/exam/api/admin/bank/question/archive', { id: 1 }], ['POST', '/exam/api/admin/bank/import', { fileName: 'a.xlsx', data: '' }],
    ['GET', '/exam/api/admin/bank/template'], ['GET', '/exam/api/admin/exams'], ['GET', '/exam/api/admin/exam?id=1'], ['GET', '/exam/api/admin/exam/choices'],
    ['POST', '/exam/api/admin/exam/publish', { id: 1, published: true }], ['GET', '/exam/api/admin/roles'], ['GET', '/exam/api/admin/users?text=a'],
    ['POST', '/exam/api/admin/role/grant', { userId: 1, role: 'teacher', scopeType: null }], ['POST', '/exam/api/admin/role/revoke', { userId: 1, role: 'teacher', scopeType: null }],
    ['GET', '/exam/api/admin/practiceSets'], ['POST', '/exam/api/admin/practiceSet/state', { id: 1, state: 'hidden' }],
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

  it('refuses another tenant\'s admin on this tenant (their token is not signed in here)', async () => {
    expect(await call('GET', `/exam/api/admin/bank/categories?tenantId=${DEMO}`, acmeAdmin.token)).toMatchObject({ success: false, flag: 401 });
  });

  it('refuses a tenant without a back-office', async () => {
    const campus = await signIn(1533, 'learner', 'Study@2026');
    expect(await call('GET', '/exam/api/admin/bank/categories?tenantId=1533', campus.token)).toMatchObject({ success: false, errorCode: 'ADMIN_NOT_ENABLED' });
  });
});

describe('categories', () => {
  it('lists the seeded tree with counts; creates, renames, moves and deletes only when empty', async () => {
    const cats = await q('/exam/api/admin/bank/categories');
    const leaf = cats.find((c: { parentId: number | null; questionCount: number }) => c.parentId !== null && c.questionCount > 0);
    expect(leaf).toBeTruthy();
    const top = await ok('/exam/api/admin/bank/category/save', { name: '  测试分类  ' });
    expect(top).toMatchObject({ name: '测试分类', parentId: null, questionCount: 0 });
    const child = await ok('/exam/api/admin/bank/category/save', { name: '子分类', parentId: top.id });
    expect((await post('/exam/api/admin/bank/category/save', { name: '子分类', parentId: top.id })).message).toContain('已有名为「子分类」的分类');
    expect((await post('/exam/api/admin/bank/category/save', { id: top.id, name: '测试分类', parentId: child.id })).message).toContain('不能把分类移到它自己');
    expect((await post('/exam/api/admin/bank/category/save', { name: '   ' })).message).toBe('请填写分类名称。');
    const renamed = await ok('/exam/api/admin/bank/category/save', { id: child.id, name: '改名后', parentId: null });
    expect(renamed).toMatchObject({ name: '改名后', parentId: null });
    const refused = await post('/exam/api/admin/bank/category/delete', { id: leaf.id });
    expect(refused).toMatchObject({ success: false, errorCode: 'CATEGORY_NOT_EMPTY' });
    expect(refused.message).toMatch(/还有 \d+ 道题目/);
    const parent = cats.find((c: { id: number }) => c.id === leaf.parentId);
    expect((await post('/exam/api/admin/bank/category/delete', { id: parent.id })).message).toMatch(/还有 \d+ 个子分类/);
    await ok('/exam/api/admin/bank/category/delete', { id: renamed.id });
    await ok('/exam/api/admin/bank/category/delete', { id: top.id });
    expect((await q('/exam/api/admin/bank/categories')).some((c: { id: number }) => c.id === top.id)).toBe(false);
  });
});

describe('questions', () => {
  let categoryId: number;
  beforeAll(async () => { categoryId = (await ok('/exam/api/admin/bank/category/save', { name: '题目测试' })).id; });
  const base = { difficulty: 3, score: 2, explanation: null, reference: null };
  const save = (question: object) => post('/exam/api/admin/bank/question/save', { question: { categoryId, ...base, ...question } });

  it('searches by category, kind, difficulty and text, paged', async () => {
    const all = await q('/exam/api/admin/bank/questions?pageSize=5');
    expect(all.list).toHaveLength(5);
    expect(all.total).toBeGreaterThan(5);
    const fills = await q('/exam/api/admin/bank/questions?kind=fill&difficulty=1&pageSize=50');
    expect(fills.list.every((x: { kind: string; difficulty: number }) => x.kind === 'fill' && x.difficulty === 1)).toBe(true);
    const react = await q(`/exam/api/admin/bank/questions?text=${encodeURIComponent('React')}`);
    expect(react.list.length).toBeGreaterThan(0);
    expect(react.list.every((x: { stem: string }) => /react/i.test(x.stem))).toBe(true);
    const parent = (await q('/exam/api/admin/bank/categories')).find((c: { parentId: number | null }) => c.parentId === null);
    const underParent = await q(`/exam/api/admin/bank/questions?categoryId=${parent.id}`);
    expect(underParent.total).toBeGreaterThan(0); // its sub-categories' questions
    const composite = (await q('/exam/api/admin/bank/questions?kind=composite')).list[0];
    expect(composite.children.length).toBeGreaterThanOrEqual(2);
  });

  it('checks each kind with a clear message', async () => {
    const opts = (n: number) => Array.from({ length: n }, (_, i) => ({ key: String.fromCharCode(65 + i), text: `选项${i}` }));
    const cases: Array<[object, string]> = [
      [{ kind: 'single', stem: '题', options: [{ key: 'A', text: 'a' }, { key: 'A', text: 'b' }], answer: ['A'] }, '选项须依次为 A、B、C'],
      [{ kind: 'single', stem: '题', options: opts(3), answer: ['D'] }, '答案须是已有选项的字母'],
      [{ kind: 'single', stem: '题', options: opts(3), answer: ['A', 'B'] }, '单选题只能有一个正确答案'],
      [{ kind: 'multiple', stem: '题', options: opts(3), answer: ['A'] }, '多选题至少需要两个正确答案'],
      [{ kind: 'judge', stem: '题', options: opts(3), answer: ['A'] }, '判断题须恰好有两个选项'],
      [{ kind: 'fill', stem: '首都是____，成立于____年', options: [], answer: [['北京']] }, '题干有 2 个空，答案却有 1 组'],
      [{ kind: 'fill', stem: '没有空', options: [], answer: [['x']] }, '须用 ____'],
      [{ kind: 'short', stem: '简述', options: [], answer: ['A'] }, '由阅卷人评分'],
      [{ kind: 'composite', stem: '材料', options: [], answer: null, children: [] }, '组合题须有 1 到 20 道小题'],
      [{ kind: 'composite', stem: '材料', options: [], answer: null, children: [{ kind: 'composite', stem: '套', options: [], answer: null, difficulty: 1, score: 1 }] }, '小题不能再是组合题'],
      [{ kind: 'single', stem: ' ', options: opts(2), answer: ['A'] }, '请填写题干'],
    ];
    for (const [question, message] of cases) {
      const res = await save(question);
      expect(res, message).toMatchObject({ success: false, errorCode: 'QUESTION_INVALID' });
      expect(res.message).toContain(message);
    }
  });

  it('creates and edits every kind; a composite scores its children\'s sum', async () => {
    const fill = (await save({ kind: 'fill', stem: '首都是____，成立于____年', options: [], answer: [[' 北京 ', 'Beijing'], ['1949']], score: 4 })).data;
    expect(fill.answer).toEqual([['北京', 'Beijing'], ['1949']]);
    const comp = (await save({
      kind: 'composite', stem: '阅读材料', options: [], answer: null, score: 99,
      children: [
        { kind: 'judge', stem: '对吗', options: [{ key: 'A', text: '正确' }, { key: 'B', text: '错误' }], answer: ['A'], difficulty: 2, score: 3 },
        { kind: 'short', stem: '为什么', options: [], answer: null, reference: '因为', difficulty: 4, score: 5 },
      ],
    })).data;
    expect(comp.score).toBe(8);
    expect(comp.children.map((c: { kind: string }) => c.kind)).toEqual(['judge', 'short']);
    const edited = (await save({ id: comp.id, kind: 'composite', stem: '阅读材料（改）', options: [], answer: null, children: [comp.children[0]] })).data;
    expect(edited).toMatchObject({ stem: '阅读材料（改）', score: 3 });
    expect(edited.children).toHaveLength(1);
    expect(await q(`/exam/api/admin/bank/question?id=${fill.id}`)).toMatchObject({ id: fill.id, kind: 'fill', categoryId });
  });

  it('deletes an unused question, archives one an exam used (and restores it)', async () => {
    const unused = (await save({ kind: 'judge', stem: '无人用', options: [{ key: 'A', text: '正确' }, { key: 'B', text: '错误' }], answer: ['B'] })).data;
    expect(await ok('/exam/api/admin/bank/question/archive', { id: unused.id })).toEqual({ outcome: 'deleted' });
    const used = (await save({ kind: 'judge', stem: '被考试用', options: [{ key: 'A', text: '正确' }, { key: 'B', text: '错误' }], answer: ['A'] })).data;
    const exam = await ok('/exam/api/admin/exam/save', { exam: examInput('归档测试') });
    await ok('/exam/api/admin/exam/paper/save', { examId: exam.id, paperMode: 'fixed', questions: [{ bankQuestionId: used.id, score: 5 }], drawRules: [] });
    expect(await ok('/exam/api/admin/bank/question/archive', { id: used.id })).toEqual({ outcome: 'archived' });
    expect((await q(`/exam/api/admin/bank/questions?categoryId=${categoryId}&state=archived`)).list.map((x: { id: number }) => x.id)).toContain(used.id);
    expect(await ok('/exam/api/admin/bank/question/archive', { id: used.id, restore: true })).toEqual({ outcome: 'restored' });
  });
});

const examInput = (title: string, extra: object = {}) => ({
  title, type: 'exam', startTime: new Date(Date.now() - 3600_000).toISOString(), endTime: null, duration: 30, passScore: 6, maxAttempts: 2,
  allowPreview: true, allowPractice: true, audience: 'all', audienceClasses: [], blindMarking: true, ...extra,
});

describe('import', () => {
  const good = () => [
    row('单选', 'HTTP 默认端口是？', ['21', '80', '443'], 'B', '导入测试/网络'),
    row('multiple', '以下哪些是协议？', ['HTTP', 'TCP', 'HTML'], 'A,B', '导入测试/网络', 3, 4),
    row('判断', 'HTTPS 是加密的。', [], '正确', '导入测试/网络'),
    row('填空', 'HTTP 的全称是____。', [], 'HyperText Transfer Protocol;超文本传输协议', '导入测试/网络'),
    row('简答', '简述 TCP 三次握手。', [], 'SYN、SYN-ACK、ACK', '导入测试/网络', 5, 10),
  ];
  const before = () => t.db.owner.selectFrom('bank_question').select(sql<number>`count(*)::int`.as('n')).where('tenant_id', '=', DEMO).executeTakeFirstOrThrow();

  it('reports every bad row by row, column and reason, and writes nothing (all or nothing)', async () => {
    const n0 = (await before()).n;
    const rows = [...good(), row('单选', '坏的答案', ['a', 'b'], 'Z', '导入测试/网络'), row('问答', '坏的题型', [], '', '导入测试/网络'),
      row('填空', '两个空____和____', [], '只有一个', '导入测试/网络'), row('单选', '没有分类', ['a', 'b'], 'A', ''), row('多选', '难度不对', ['a', 'b', 'c'], 'AB', 'x', 'hard')];
    const res = await ok('/exam/api/admin/bank/import', { fileName: 'bank.xlsx', data: await xlsx(rows) });
    expect(res.imported).toBe(0);
    expect(res.errors).toEqual(expect.arrayContaining([
      { row: 7, column: 'K 答案', reason: expect.stringContaining('答案须是已有选项的字母') },
      { row: 8, column: 'A 题型', reason: expect.stringContaining('题型「问答」不认识') },
      { row: 9, column: 'K 答案', reason: expect.stringContaining('题干有 2 个空，答案却有 1 组') },
      { row: 10, column: 'O 分类路径', reason: expect.stringContaining('请填写分类路径') },
      { row: 11, column: 'M 难度', reason: expect.stringContaining('须是 1 到 5 的整数') },
    ]));
    expect(res.errors.every((e: { row: number }) => e.row >= 7)).toBe(true);
    expect((await before()).n).toBe(n0);
    expect((await q('/exam/api/admin/bank/categories')).some((c: { name: string }) => c.name === '导入测试')).toBe(false);
  });

  it('imports good rows, creating the category path', async () => {
    const res = await ok('/exam/api/admin/bank/import', { fileName: 'bank.xlsx', data: await xlsx(good()) });
    expect(res).toEqual({ imported: 5, createdCategories: ['导入测试', '导入测试/网络'], errors: [] });
    const cat = (await q('/exam/api/admin/bank/categories')).find((c: { name: string }) => c.name === '网络');
    const list = (await q(`/exam/api/admin/bank/questions?categoryId=${cat.id}&pageSize=20`)).list;
    expect(list.map((x: { kind: string }) => x.kind).sort()).toEqual(['fill', 'judge', 'multiple', 'short', 'single']);
    expect(list.find((x: { kind: string }) => x.kind === 'judge')).toMatchObject({ answer: ['A'], options: [{ key: 'A', text: '正确' }, { key: 'B', text: '错误' }] });
    expect(list.find((x: { kind: string }) => x.kind === 'fill').answer).toEqual([['HyperText Transfer Protocol', '超文本传输协议']]);
    expect(list.find((x: { kind: string }) => x.kind === 'short')).toMatchObject({ reference: 'SYN、SYN-ACK、ACK', score: 10, difficulty: 5 });
  });

  it('refuses what is not an xlsx, and an empty sheet', async () => {
    expect((await post('/exam/api/admin/bank/import', { fileName: 'bank.csv', data: 'YSxi' })).errorCode).toBe('IMPORT_NOT_XLSX');
    expect((await post('/exam/api/admin/bank/import', { fileName: 'bank.xlsx', data: 'bm90IGEgemlw' })).errorCode).toBe('IMPORT_UNREADABLE');
    expect((await post('/exam/api/admin/bank/import', { fileName: 'bank.xlsx', data: await xlsx([]) })).errorCode).toBe('IMPORT_EMPTY');
  });

  it('serves a template whose header is the layout and whose guide examples import cleanly', async () => {
    const res = await t.app.inject({ method: 'GET', url: `/exam/api/admin/bank/template?tenantId=${DEMO}`, headers: { token: admin.token } });
    expect(res.headers['content-type']).toContain('spreadsheetml');
    const book = new ExcelJS.Workbook();
    await book.xlsx.load(res.rawPayload as unknown as ArrayBuffer);
    expect(book.worksheets[0]!.getRow(1).getCell(11).text).toContain('答案');
    // The guide's examples, moved to the first sheet, are a valid import.
    const guide = book.worksheets[1]!;
    const examples: Array<Array<string>> = [];
    for (let n = 2; n <= 6; n++) examples.push(Array.from({ length: 15 }, (_, i) => guide.getRow(n).getCell(i + 1).text));
    const imported = await ok('/exam/api/admin/bank/import', { fileName: 't.xlsx', data: await xlsx(examples) });
    expect(imported.imported).toBe(5);
  });
});

describe('exams', () => {
  let categoryId: number;
  let ids: number[];
  beforeAll(async () => {
    categoryId = (await ok('/exam/api/admin/bank/category/save', { name: '组卷测试' })).id;
    ids = [];
    for (let i = 0; i < 3; i++) {
      ids.push((await ok('/exam/api/admin/bank/question/save', { question: {
        categoryId, kind: 'single', stem: `组卷题 ${i}`, options: [{ key: 'A', text: '甲' }, { key: 'B', text: '乙' }], answer: ['A'], difficulty: 2, score: 2,
      } })).id);
    }
  });

  it('creates a draft, checks the settings, builds a fixed paper and publishes it', async () => {
    expect((await post('/exam/api/admin/exam/save', { exam: examInput(' ') })).message).toBe('请填写考试名称。');
    expect((await post('/exam/api/admin/exam/save', { exam: examInput('x', { endTime: new Date(Date.now() - 7200_000).toISOString() }) })).message).toBe('结束时间须晚于开始时间。');
    expect((await post('/exam/api/admin/exam/save', { exam: examInput('x', { audience: 'classes' }) })).errorCode).toBe('EXAM_AUDIENCE_EMPTY');
    const exam = await ok('/exam/api/admin/exam/save', { exam: examInput('固定试卷') });
    expect(exam).toMatchObject({ published: false, questionCount: 0, paperMode: 'fixed' });
    expect((await post('/exam/api/admin/exam/publish', { id: exam.id, published: true })).message).toBe('试卷还没有题目，不能发布。');
    const comp = (await q('/exam/api/admin/bank/questions?kind=composite')).list[0];
    const paper = await ok('/exam/api/admin/exam/paper/save', { examId: exam.id, paperMode: 'fixed', questions: [{ bankQuestionId: ids[1], score: 5 }, { bankQuestionId: ids[0], score: 3 }, { bankQuestionId: comp.id, score: 0 }], drawRules: [] });
    expect(paper.questions.map((x: { bankQuestionId: number }) => x.bankQuestionId)).toEqual([ids[1], ids[0], comp.id]);
    expect(paper).toMatchObject({ questionCount: 3, totalScore: 8 + comp.score });
    const rows = await t.db.owner.selectFrom('exam_question').select(['kind', 'score', 'parent_id', 'bank_question_id']).where('tenant_id', '=', DEMO).where('exam_id', '=', exam.id).execute();
    expect(rows.filter((r) => r.parent_id !== null)).toHaveLength(comp.children.length);
    expect(rows.find((r) => r.kind === 'composite')!.score).toBe(0);
    expect((await post('/exam/api/admin/exam/paper/save', { examId: exam.id, paperMode: 'fixed', questions: [{ bankQuestionId: ids[0], score: 1 }, { bankQuestionId: ids[0], score: 1 }], drawRules: [] })).errorCode).toBe('PAPER_DUPLICATE');
    const published = await ok('/exam/api/admin/exam/publish', { id: exam.id, published: true });
    expect(published.published).toBe(true);
    const list = await q('/exam/api/admin/exams?text=固定试卷');
    expect(list.list[0]).toMatchObject({ id: exam.id, published: true, questionCount: 3 });
    const learnerList = await data('GET', `/exam/api/exam/search?tenantId=${DEMO}&searchValue=${encodeURIComponent('固定试卷')}`, learner.token);
    expect(learnerList.list.map((e: { id: number }) => e.id)).toContain(exam.id);
  });

  it('checks random rules against the bank and counts the paper from them', async () => {
    const exam = await ok('/exam/api/admin/exam/save', { exam: examInput('随机试卷') });
    const short = await post('/exam/api/admin/exam/paper/save', { examId: exam.id, paperMode: 'random', questions: [], drawRules: [{ categoryId, count: 4, score: 5 }] });
    expect(short).toMatchObject({ success: false, errorCode: 'DRAW_POOL_TOO_SMALL' });
    expect(short.message).toBe('分类「组卷测试」只有 3 道符合条件的题目，不够抽 4 道。');
    expect((await post('/exam/api/admin/exam/paper/save', { examId: exam.id, paperMode: 'random', questions: [], drawRules: [{ categoryId, difficulty: 5, count: 1, score: 5 }] })).message).toContain('只有 0 道');
    // Two rules over the same questions: the second cannot draw what the first took.
    const overlap = await post('/exam/api/admin/exam/paper/save', { examId: exam.id, paperMode: 'random', questions: [], drawRules: [{ categoryId, count: 2, score: 5 }, { categoryId, kind: 'single', count: 2, score: 5 }] });
    expect(overlap.message).toBe('分类「组卷测试」只有 3 道符合条件的题目，不够第 2 条和它之前的相同范围的规则一共抽 4 道。');
    // A rule draws from its own category, not the ones under it (as the start's draw does).
    const parent = (await q('/exam/api/admin/bank/categories')).find((c: { parentId: number | null }) => c.parentId === null);
    expect((await post('/exam/api/admin/exam/paper/save', { examId: exam.id, paperMode: 'random', questions: [], drawRules: [{ categoryId: parent.id, count: 1, score: 5 }] })).errorCode).toBe('DRAW_POOL_TOO_SMALL');
    const saved = await ok('/exam/api/admin/exam/paper/save', { examId: exam.id, paperMode: 'random', questions: [], drawRules: [{ categoryId, kind: 'single', count: 3, score: 5 }] });
    expect(saved).toMatchObject({ paperMode: 'random', questionCount: 3, totalScore: 15, drawRules: [{ categoryId, kind: 'single', difficulty: null, count: 3, score: 5 }] });
  });

  it('refuses to change the paper once anyone has an attempt', async () => {
    const exam = await ok('/exam/api/admin/exam/save', { exam: examInput('已有人考') });
    await ok('/exam/api/admin/exam/paper/save', { examId: exam.id, paperMode: 'fixed', questions: [{ bankQuestionId: ids[0], score: 2 }], drawRules: [] });
    await t.db.owner.insertInto('exam_attempt').values({ tenant_id: DEMO, exam_id: exam.id, user_id: learner.id, deadline: null, submitted_at: null, score: null, passed: null }).execute();
    const res = await post('/exam/api/admin/exam/paper/save', { examId: exam.id, paperMode: 'fixed', questions: [{ bankQuestionId: ids[1], score: 2 }], drawRules: [] });
    expect(res).toMatchObject({ success: false, errorCode: 'PAPER_LOCKED' });
    expect(res.message).toContain('试卷不能再修改');
    expect((await q(`/exam/api/admin/exam?id=${exam.id}`)).attemptCount).toBe(1);
  });

  it('saves audience classes and offers the pickers', async () => {
    const choices = await q('/exam/api/admin/exam/choices');
    expect(choices.classes.length).toBeGreaterThan(0);
    const exam = await ok('/exam/api/admin/exam/save', { exam: examInput('班级考试', { audience: 'classes', audienceClasses: [choices.classes[0].id], categoryId: choices.examCategories[0]?.id ?? null }) });
    expect(exam).toMatchObject({ audience: 'classes', audienceClasses: [choices.classes[0].id] });
    expect((await post('/exam/api/admin/exam/save', { exam: examInput('x', { audience: 'classes', audienceClasses: [987654] }) })).errorCode).toBe('EXAM_CLASS_NOT_FOUND');
  });
});

describe('roles', () => {
  it('lists the seeded grants with scope names; grants and revokes markers, invigilators and teachers', async () => {
    const grants = await q('/exam/api/admin/roles');
    expect(grants.some((g: { account: string; role: string }) => g.account === 'teacher' && g.role === 'teacher')).toBe(true);
    expect(grants.filter((g: { scopeType: string | null }) => g.scopeType !== null).every((g: { scopeName: string | null }) => g.scopeName)).toBe(true);
    const users = await q(`/exam/api/admin/users?text=${encodeURIComponent('learner')}`);
    const someone = users.find((u: { account: string }) => u.account === 'learner');
    const exam = await ok('/exam/api/admin/exam/save', { exam: examInput('授权考试') });
    await ok('/exam/api/admin/role/grant', { userId: someone.userId, role: 'marker', scopeType: 'exam', scopeId: exam.id });
    await ok('/exam/api/admin/role/grant', { userId: someone.userId, role: 'invigilator', scopeType: null });
    expect((await q(`/exam/api/admin/exam?id=${exam.id}`)).markers).toEqual([{ userId: someone.userId, account: 'learner', name: expect.any(String) }]);
    expect((await post('/exam/api/admin/role/grant', { userId: someone.userId, role: 'teacher', scopeType: 'exam', scopeId: exam.id })).errorCode).toBe('ROLE_SCOPE_INVALID');
    expect((await post('/exam/api/admin/role/grant', { userId: someone.userId, role: 'marker', scopeType: 'exam' })).message).toBe('请选择考试。');
    expect((await post('/exam/api/admin/role/grant', { userId: someone.userId, role: 'teacher', scopeType: 'classes', scopeId: 987654 })).errorCode).toBe('CLASS_NOT_FOUND');
    const after = await ok('/exam/api/admin/role/revoke', { userId: someone.userId, role: 'marker', scopeType: 'exam', scopeId: exam.id });
    expect(after.some((g: { userId: number; role: string }) => g.userId === someone.userId && g.role === 'marker')).toBe(false);
    expect((await post('/exam/api/admin/role/revoke', { userId: someone.userId, role: 'marker', scopeType: 'exam', scopeId: exam.id })).errorCode).toBe('GRANT_NOT_FOUND');
    await ok('/exam/api/admin/role/revoke', { userId: someone.userId, role: 'invigilator', scopeType: null });
  });
});

describe('practice sets', () => {
  it('creates from chosen questions or N random of a category, hides and lists', async () => {
    const cat = (await q('/exam/api/admin/bank/categories')).find((c: { parentId: number | null; questionCount: number }) => c.parentId !== null && c.questionCount >= 5);
    const chosen = (await q(`/exam/api/admin/bank/questions?categoryId=${cat.id}&pageSize=3`)).list.map((x: { id: number }) => x.id);
    let sets = await ok('/exam/api/admin/practiceSet/save', { title: '精选练习', questionIds: chosen });
    expect(sets[0]).toMatchObject({ title: '精选练习', questionCount: 3, state: 'published' });
    sets = await ok('/exam/api/admin/practiceSet/save', { title: '随机练习', categoryId: cat.id, randomCount: 4 });
    expect(sets[0]).toMatchObject({ title: '随机练习', questionCount: 4, categoryId: cat.id });
    expect((await post('/exam/api/admin/practiceSet/save', { title: '太多', categoryId: cat.id, randomCount: 200 })).message).toMatch(/只有 \d+ 道题目，不够抽 200 道/);
    expect((await post('/exam/api/admin/practiceSet/save', { title: '空' })).errorCode).toBe('PRACTICE_EMPTY');
    sets = await ok('/exam/api/admin/practiceSet/state', { id: sets[0].id, state: 'hidden' });
    expect(sets[0].state).toBe('hidden');
    expect((await q('/exam/api/admin/practiceSets'))[0].state).toBe('hidden');
  });
});

describe('isolation', () => {
  it('shows another tenant\'s admin only their own categories, questions, practice sets, exams and grants', async () => {
    const acmeGet = (path: string) => data('GET', `${path}${path.includes('?') ? '&' : '?'}tenantId=${ACME}`, acmeAdmin.token);
    const demoCats = (await q('/exam/api/admin/bank/categories')).map((c: { id: number }) => c.id);
    const acmeCats = await acmeGet('/exam/api/admin/bank/categories');
    expect(acmeCats.length).toBeGreaterThan(0);
    expect(acmeCats.some((c: { id: number }) => demoCats.includes(c.id))).toBe(false);
    expect(acmeCats.every((c: { name: string }) => !/[\u4e00-\u9fff]/.test(c.name))).toBe(true);
    const demoQ = (await q('/exam/api/admin/bank/questions?pageSize=1')).list[0];
    expect(await call('GET', `/exam/api/admin/bank/question?tenantId=${ACME}&id=${demoQ.id}`, acmeAdmin.token)).toMatchObject({ success: false, errorCode: 'QUESTION_NOT_FOUND' });
    const demoSets = await q('/exam/api/admin/practiceSets');
    expect(demoSets.length).toBeGreaterThan(0);
    const acmeSets = await acmeGet('/exam/api/admin/practiceSets');
    expect(acmeSets.some((s: { id: number }) => demoSets.some((d: { id: number }) => d.id === s.id))).toBe(false);
    expect(acmeSets.every((s: { title: string }) => !/[\u4e00-\u9fff]/.test(s.title))).toBe(true);
    // Writing into a demo category from acme finds nothing to write into.
    const res = await call('POST', '/exam/api/admin/bank/question/save', acmeAdmin.token, { tenantId: ACME, question: {
      categoryId: demoCats[0], kind: 'judge', stem: 'x', options: [{ key: 'A', text: 'True' }, { key: 'B', text: 'False' }], answer: ['A'], difficulty: 1, score: 1,
    } });
    expect(res.errorCode).toBe('CATEGORY_NOT_FOUND');
    expect(await call('POST', '/exam/api/admin/practiceSet/state', acmeAdmin.token, { tenantId: ACME, id: demoSets[0].id, state: 'published' })).toMatchObject({ errorCode: 'PRACTICE_SET_NOT_FOUND' });
    expect((await acmeGet('/exam/api/admin/roles')).every((g: { account: string }) => g.account)).toBe(true);
    const demoExam = (await q('/exam/api/admin/exams')).list[0];
    expect(await call('GET', `/exam/api/admin/exam?tenantId=${ACME}&id=${demoExam.id}`, acmeAdmin.token)).toMatchObject({ errorCode: 'EXAM_NOT_FOUND' });
  });

  it('keeps row-level security on question_category, bank_question and practice_set for the app role', async () => {
    for (const table of ['question_category', 'bank_question', 'practice_set'] as const) {
      const rows = await t.db.app.transaction().execute(async (trx) => {
        await sql`select set_config('app.tenant_id', '1002', true)`.execute(trx);
        return sql<{ n: number }>`select count(*)::int as n from ${sql.table(table)} where tenant_id <> 1002`.execute(trx);
      });
      expect(rows.rows[0]!.n, table).toBe(0);
    }
  });
});
