// The question bank's spreadsheet import and its template (issue 18 part A: "bulk import from a
// spreadsheet with exceljs, with a per-row error report"; docs/exams.md "Import layout"). The layout
// is fixed by column position (row 1 is a header and is skipped):
//   A kind · B stem · C–J options A–H · K answer · L explanation · M difficulty · N score · O category path
// All or nothing: every row is checked first; when any is wrong nothing is written and every
// problem comes back as (row, column, reason). Missing categories of a path are created.
import ExcelJS from 'exceljs';
import type { BankKind, ImportError, ImportResult } from '../../../schemas/api/exam-admin';
import { ApiError } from '../../plugins/envelope';
import type { Trx } from './bank-guard';
import { rowOf } from './bank-repository';
import { questionProblems, type QuestionField } from './bank-validate';

/** The most rows one import takes. */
export const IMPORT_MAX_ROWS = 2000;

/** The columns, by letter, with the names the template's header and the error report use. */
export const IMPORT_COLUMNS = [
  ['A', '题型', 'kind'], ['B', '题干', 'stem'],
  ['C', '选项A', 'option A'], ['D', '选项B', 'option B'], ['E', '选项C', 'option C'], ['F', '选项D', 'option D'],
  ['G', '选项E', 'option E'], ['H', '选项F', 'option F'], ['I', '选项G', 'option G'], ['J', '选项H', 'option H'],
  ['K', '答案', 'answer'], ['L', '解析', 'explanation'], ['M', '难度', 'difficulty'], ['N', '分值', 'score'], ['O', '分类路径', 'category path'],
] as const;

const COLUMN_OF_FIELD: Record<QuestionField, string> = {
  kind: 'A', stem: 'B', options: 'C', answer: 'K', reference: 'K', explanation: 'L', difficulty: 'M', score: 'N', children: 'A',
};
const label = (letter: string) => {
  const c = IMPORT_COLUMNS.find(([l]) => l === letter)!;
  return `${c[0]} ${c[1]}`;
};

const KIND_WORDS: Record<string, BankKind> = {
  single: 'single', 单选: 'single', 单选题: 'single',
  multiple: 'multiple', 多选: 'multiple', 多选题: 'multiple',
  judge: 'judge', 判断: 'judge', 判断题: 'judge', 'true/false': 'judge',
  fill: 'fill', 填空: 'fill', 填空题: 'fill',
  short: 'short', 简答: 'short', 简答题: 'short',
  composite: 'composite', 组合: 'composite', 组合题: 'composite',
};

/** Default points by kind when the score cell is empty. */
const DEFAULT_SCORE: Record<BankKind, number> = { single: 2, multiple: 4, judge: 2, fill: 3, short: 10, composite: 0 };

const TRUE_WORDS = new Set(['a', '正确', '对', '是', '√', 'true', 't', 'yes', 'y']);
const FALSE_WORDS = new Set(['b', '错误', '错', '否', '×', 'false', 'f', 'no', 'n']);

interface ParsedRow {
  row: number;
  kind: BankKind;
  stem: string;
  options: Array<{ key: string; text: string }>;
  answer: string[] | string[][] | null;
  reference: string | null;
  explanation: string | null;
  difficulty: number;
  score: number;
  path: string[];
}

/** Reads the first worksheet's rows (after the header) as cell texts A–O; blank rows are left out. */
async function readRows(data: Buffer): Promise<Array<{ row: number; cells: string[] }>> {
  const book = new ExcelJS.Workbook();
  try {
    await book.xlsx.load(data as unknown as ArrayBuffer);
  } catch {
    throw new ApiError('无法读取这个文件：请上传用题库模板填写的 .xlsx 表格。', { errorCode: 'IMPORT_UNREADABLE' });
  }
  const sheet = book.worksheets[0];
  if (!sheet) throw new ApiError('表格里没有工作表。', { errorCode: 'IMPORT_EMPTY' });
  const out: Array<{ row: number; cells: string[] }> = [];
  sheet.eachRow({ includeEmpty: false }, (r, n) => {
    if (n === 1) return;
    const cells = IMPORT_COLUMNS.map((_, i) => (r.getCell(i + 1).text ?? '').trim());
    if (cells.some(Boolean)) out.push({ row: n, cells });
  });
  return out;
}

function parseInteger(text: string, fallback: number): number | null {
  if (!text) return fallback;
  return /^\d+$/.test(text) ? Number(text) : null;
}

/** One row into a question, or its problems. */
function parseRow(row: number, cells: string[]): { q?: ParsedRow; errors: ImportError[] } {
  const errors: ImportError[] = [];
  const err = (letter: string, reason: string) => errors.push({ row, column: label(letter), reason });
  const [kindText = '', stem = '', ...rest] = cells;
  const optionTexts = rest.slice(0, 8);
  const [answerText = '', explanation = '', difficultyText = '', scoreText = '', pathText = ''] = rest.slice(8);
  const kind = KIND_WORDS[kindText.toLowerCase()];
  if (!kind) {
    err('A', kindText ? `题型「${kindText}」不认识：可填 单选、多选、判断、填空、简答（或 single、multiple、judge、fill、short）。` : '请填写题型。');
    return { errors };
  }
  if (kind === 'composite') {
    err('A', '组合题（阅读材料加小题）请在题库的表单中录入，表格导入不支持。');
    return { errors };
  }
  // Options: filled from A on, without gaps.
  const lastFilled = optionTexts.reduce((last, t, i) => (t ? i : last), -1);
  let options = optionTexts.slice(0, lastFilled + 1).map((text, i) => ({ key: String.fromCharCode(65 + i), text }));
  const gap = options.findIndex((o) => !o.text);
  if (gap >= 0) err(String.fromCharCode(67 + gap), `选项${String.fromCharCode(65 + gap)}是空的，选项须从 A 起连续填写。`);
  if (kind === 'judge' && options.length === 0) {
    options = (!/[\u4e00-\u9fff]/.test(stem) ? ['True', 'False'] : ['正确', '错误']).map((text, i) => ({ key: String.fromCharCode(65 + i), text }));
  }
  let answer: string[] | string[][] | null = null;
  let reference: string | null = null;
  if (kind === 'single' || kind === 'multiple') {
    answer = answerText.toUpperCase().replace(/[\s,，、;；]/g, '').split('').filter(Boolean);
  } else if (kind === 'judge') {
    const word = answerText.toLowerCase();
    answer = TRUE_WORDS.has(word) ? ['A'] : FALSE_WORDS.has(word) ? ['B'] : [];
    if (answerText && answer.length === 0) {
      err('K', `判断题的答案「${answerText}」不认识：填 正确 或 错误（A 或 B）。`);
      answer = ['A'];
    }
  } else if (kind === 'fill') {
    // Blanks separated by |, accepted answers of one blank by ; (或 ；).
    answer = answerText ? answerText.split('|').map((b) => b.split(/[;；]/).map((a) => a.trim()).filter(Boolean)) : [];
  } else {
    reference = answerText || null;
  }
  const difficulty = parseInteger(difficultyText, 3);
  if (difficulty === null) err('M', `难度「${difficultyText}」须是 1 到 5 的整数。`);
  const score = parseInteger(scoreText, DEFAULT_SCORE[kind]);
  if (score === null) err('N', `分值「${scoreText}」须是 0 到 1000 的整数。`);
  const path = pathText.split(/\s*[/>＞／]\s*/).map((s) => s.trim()).filter(Boolean);
  if (path.length === 0) err('O', '请填写分类路径，如「数字技术/前端开发」。');
  else if (path.some((p) => [...p].length > 60)) err('O', '分类名称最多 60 个字。');
  const q = { kind, stem, options, answer, reference, explanation: explanation || null, difficulty: difficulty ?? 3, score: score ?? 0 };
  // The same per-kind rules as the form (bank-validate.ts), each reported at its column.
  for (const p of questionProblems(q)) {
    if (p.field === 'options' && gap >= 0) continue;
    err(COLUMN_OF_FIELD[p.field], p.reason);
  }
  if ([...stem].length > 4000) err('B', '题干最多 4000 个字。');
  return errors.length ? { errors } : { q: { row, ...q, path }, errors };
}

/** Finds or creates each category of a path; returns the leaf's id. */
async function categoryOfPath(trx: Trx, tenantId: number, path: string[], cache: Map<string, number>, created: string[]): Promise<number> {
  let parent: number | null = null;
  for (let i = 0; i < path.length; i++) {
    const key = path.slice(0, i + 1).join('/');
    let id = cache.get(key);
    if (id === undefined) {
      const found: { id: number } | undefined = await trx.selectFrom('question_category').select('id').where('name', '=', path[i]!)
        .where((eb) => (parent === null ? eb('parent_id', 'is', null) : eb('parent_id', '=', parent))).executeTakeFirst();
      id = found ? Number(found.id) : Number((await trx.insertInto('question_category')
        .values({ tenant_id: tenantId, parent_id: parent, name: path[i]! }).returning('id').executeTakeFirstOrThrow()).id);
      if (!found) created.push(key);
      cache.set(key, id);
    }
    parent = id;
  }
  return parent!;
}

/** Checks every row; writes them all only when none is wrong. */
export async function importQuestions(trx: Trx, tenantId: number, userId: number, fileName: string, data: Buffer): Promise<ImportResult> {
  if (!/\.xlsx$/i.test(fileName)) throw new ApiError('请上传 .xlsx 格式的表格（可先下载模板）。', { errorCode: 'IMPORT_NOT_XLSX' });
  const rows = await readRows(data);
  if (rows.length === 0) throw new ApiError('表格里没有题目：第 1 行是表头，题目从第 2 行起填写。', { errorCode: 'IMPORT_EMPTY' });
  if (rows.length > IMPORT_MAX_ROWS) throw new ApiError(`一次最多导入 ${IMPORT_MAX_ROWS} 道题，这个表格有 ${rows.length} 行。`, { errorCode: 'IMPORT_TOO_MANY' });
  const parsed: ParsedRow[] = [];
  const errors: ImportError[] = [];
  for (const r of rows) {
    const one = parseRow(r.row, r.cells);
    if (one.q) parsed.push(one.q);
    errors.push(...one.errors);
  }
  if (errors.length) return { imported: 0, createdCategories: [], errors };
  const cache = new Map<string, number>();
  const created: string[] = [];
  const values = [];
  for (const q of parsed) {
    const categoryId = await categoryOfPath(trx, tenantId, q.path, cache, created);
    values.push(rowOf(tenantId, categoryId, { ...q, children: [] }, 1000 + q.row, userId));
  }
  for (let i = 0; i < values.length; i += 500) await trx.insertInto('bank_question').values(values.slice(i, i + 500)).execute();
  return { imported: values.length, createdCategories: created, errors: [] };
}

/** The template: the header on the first sheet, examples of every kind and the rules on a second. */
export async function importTemplate(): Promise<Buffer> {
  const book = new ExcelJS.Workbook();
  const sheet = book.addWorksheet('题目 Questions');
  sheet.addRow(IMPORT_COLUMNS.map(([, zh, en]) => `${zh} ${en}`));
  sheet.getRow(1).font = { bold: true };
  sheet.columns.forEach((c, i) => { c.width = i === 1 ? 40 : i >= 2 && i <= 9 ? 14 : 12; });
  const guide = book.addWorksheet('说明 Guide');
  guide.addRow(IMPORT_COLUMNS.map(([, zh, en]) => `${zh} ${en}`));
  guide.getRow(1).font = { bold: true };
  const blank = ['', '', '', '', '', ''];
  guide.addRow(['单选', '“PDCA”循环中的“C”代表？', '计划', '执行', '检查', '处理', '', '', '', '', 'C', '检查（Check）。', 2, 2, '通用/管理常识']);
  guide.addRow(['多选', '以下哪些是 SQL 的聚合函数？', 'SUM', 'COUNT', 'JOIN', 'AVG', '', '', '', '', 'ABD', 'JOIN 是连接。', 3, 4, '数字技术/数据分析']);
  guide.addRow(['判断', '灭火器使用前应先拔掉保险销。', '', '', '', '', '', '', '', '', '正确', '', 1, 2, '通用/安全']);
  guide.addRow(['填空', '中华人民共和国成立于____年，首都是____。', ...blank, '', '', '1949|北京;Beijing', '', 2, 4, '通用/常识']);
  guide.addRow(['简答', '简述有效沟通的要素。', ...blank, '', '', '积极倾听；及时反馈；确认理解', '', 4, 10, '职场技能/沟通表达']);
  guide.addRow([]);
  for (const line of [
    '第 1 行是表头，题目从第 2 行起填写，一行一题；导入只读第一个工作表（本说明页不会被导入）。',
    '题型：单选、多选、判断、填空、简答（或 single、multiple、judge、fill、short）。组合题请在题库表单中录入。',
    '选项：从 A 起连续填写，最多 8 个；判断题可不填选项（默认 正确、错误）。',
    '答案：单选填一个字母；多选填多个字母（ABD 或 A,B,D）；判断填 正确/错误；填空各空之间用 | 分隔，一个空有多个可接受答案用 ; 分隔；简答填参考答案。',
    '难度 1–5（空：3）；分值 0–1000（空：按题型默认）；分类路径用 / 分隔，不存在的分类会自动创建。',
    '只要有一行有错，整个表格都不会导入；请按错误报告改好后重新上传。',
  ]) guide.addRow([line]);
  return Buffer.from(await book.xlsx.writeBuffer());
}
