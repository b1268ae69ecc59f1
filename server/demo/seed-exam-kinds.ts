// An exam with every question kind (issue 18, learners): single, multiple, judge, fill, short and a
// composite passage with its own sub-questions; open now, previewable, three attempts, 30 minutes.
// Written in each tenant's language (acme is English: its exams' titles are), in tenants that have
// exams; the demo teacher (where there is one) is its marker and invigilator. seedMarking, which
// runs next, finds it by its short questions and hands it in for three candidates.
import type { Transaction } from 'kysely';
import type { DB, QuestionKind } from '../db/types';
import { grantRole } from '../lib/roles';
import { DEMO_TEACHER } from './seed-live';

type Trx = Transaction<DB>;

interface SeedQuestion {
  kind: QuestionKind;
  stem: string;
  options?: string[];
  /** Option indexes (choices) or accepted answers per blank (fill). */
  answer?: number[] | string[][];
  reference?: string;
  explanation?: string;
  score: number;
  children?: SeedQuestion[];
}

interface KindsPaper {
  title: string;
  summary: string;
  questions: SeedQuestion[];
}

const ZH: KindsPaper = {
  title: '综合能力测评（全题型）',
  summary: '单选、多选、判断、填空、简答和材料综合题各有示例；简答题由老师阅卷，阅卷前成绩显示“待阅卷”。可先预览试卷。',
  questions: [
    { kind: 'single', stem: '“PDCA”循环中的“C”代表？', options: ['计划', '执行', '检查', '处理'], answer: [2], score: 5, explanation: 'PDCA：计划（Plan）、执行（Do）、检查（Check）、处理（Act）。' },
    { kind: 'multiple', stem: '以下哪些属于个人敏感信息？', options: ['身份证号', '银行卡号', '公开发表的文章', '手机号码'], answer: [0, 1, 3], score: 5 },
    { kind: 'judge', stem: '反馈应当对事不对人。', options: ['正确', '错误'], answer: [0], score: 5 },
    {
      kind: 'fill', stem: '中华人民共和国成立于 ____ 年，首都是 ____。', answer: [['1949'], ['北京', '北京市', 'Beijing']], score: 10,
      explanation: '1949 年 10 月 1 日，首都北京。',
    },
    { kind: 'fill', stem: 'SMART 目标原则中的 “T” 指目标要有 ____。', answer: [['时限', '时间限制', 'Time-bound']], score: 5 },
    {
      kind: 'short', stem: '请简述你在工作中提高效率的一个方法，并说明它为什么有效。', score: 20,
      reference: '方法明确（如番茄工作法、任务分级、批量处理）；说明原理（减少切换、聚焦重要事项）；结合实际例子。',
    },
    {
      kind: 'composite', score: 20,
      stem: '某团队在项目中期发现进度落后两周。项目经理召集会议，先请每位成员说明手头任务和阻碍，再把任务按影响排序，砍掉了两个非必要功能，并约定每天 10 分钟站会跟进。一个月后项目按时上线。',
      children: [
        { kind: 'single', stem: '项目经理首先做的是？', options: ['增加加班', '了解每个人的任务和阻碍', '更换成员', '推迟上线'], answer: [1], score: 5 },
        { kind: 'fill', stem: '团队约定每天 ____ 分钟的站会跟进进度。', answer: [['10', '十']], score: 5 },
        { kind: 'short', stem: '你认为这次项目能按时上线的关键是什么？请结合材料说明。', reference: '找出阻碍；按影响排序、做减法；短周期跟进，及时调整。', score: 10 },
      ],
    },
  ],
};

const EN: KindsPaper = {
  title: 'Skills check: every question kind',
  summary: 'One of each kind: single and multiple choice, true or false, fill in the blanks, short answer and a passage. A teacher marks the short answers; until then the result says "Awaiting marking". You may preview the paper first.',
  questions: [
    { kind: 'single', stem: 'In the PDCA cycle, "C" stands for…', options: ['Plan', 'Do', 'Check', 'Act'], answer: [2], score: 5, explanation: 'PDCA: Plan, Do, Check, Act.' },
    { kind: 'multiple', stem: 'Which of these are sensitive personal data?', options: ['ID card number', 'Bank card number', 'A published article', 'Mobile number'], answer: [0, 1, 3], score: 5 },
    { kind: 'judge', stem: 'Feedback should be about the work, not the person.', options: ['True', 'False'], answer: [0], score: 5 },
    {
      kind: 'fill', stem: 'Water boils at ____ degrees Celsius at sea level, and freezes at ____.', answer: [['100', 'one hundred'], ['0', 'zero']], score: 10,
      explanation: '100 °C and 0 °C at standard pressure.',
    },
    { kind: 'fill', stem: 'In a SMART goal, "T" means the goal is ____.', answer: [['time-bound', 'timebound', 'time bound']], score: 5 },
    {
      kind: 'short', stem: 'Describe one way you work more efficiently and explain why it works.', score: 20,
      reference: 'A clear method (time boxing, ranking tasks, batching); why it works (fewer switches, focus on what matters); a real example.',
    },
    {
      kind: 'composite', score: 20,
      stem: 'Halfway through a project, a team found it was two weeks late. The project manager asked each member for their tasks and blockers, ranked the work by impact, dropped two optional features and set up a 10-minute daily stand-up. A month later the project shipped on time.',
      children: [
        { kind: 'single', stem: 'What did the project manager do first?', options: ['Ask for overtime', 'Learn each member\'s tasks and blockers', 'Replace members', 'Delay the launch'], answer: [1], score: 5 },
        { kind: 'fill', stem: 'The team met every day for a ____-minute stand-up.', answer: [['10', 'ten']], score: 5 },
        { kind: 'short', stem: 'What was the key to shipping on time? Use the passage.', reference: 'Finding blockers; ranking by impact and cutting scope; short follow-up cycles.', score: 10 },
      ],
    },
  ],
};

const keyOf = (i: number) => String.fromCharCode(65 + i);

/** The exam's columns of a question: choices as option keys, fill answers as they are. */
function columnsOf(q: SeedQuestion) {
  const choice = q.kind === 'single' || q.kind === 'multiple' || q.kind === 'judge';
  return {
    kind: q.kind, stem: q.stem, score: q.score,
    options: JSON.stringify((q.options ?? []).map((text, i) => ({ key: keyOf(i), text }))),
    answer: q.answer === undefined ? null : JSON.stringify(choice ? (q.answer as number[]).map(keyOf) : q.answer),
    reference: q.reference ?? null, explanation: q.explanation ?? null,
  };
}

/** The titles of the every-kind exam, in both languages (tests tell it from the generated exams by them). */
export const EXAM_KINDS_TITLES: ReadonlySet<string> = new Set([ZH.title, EN.title]);

export async function seedExamKinds(trx: Trx, tenantId: number, now = new Date()): Promise<void> {
  // A tenant without exams (the shop) gets none; the others' language is their exams' (acme English).
  const sample = await trx.selectFrom('exam').select(['title', 'category_id', 'cover']).where('tenant_id', '=', tenantId)
    .where('type', '=', 'exam').orderBy('id').executeTakeFirst();
  if (!sample) return;
  const paper = /[\u4e00-\u9fff]/.test(sample.title) ? ZH : EN;
  const day = 86_400_000;
  const total = paper.questions.reduce((sum, q) => sum + q.score, 0);
  // question_count: the paper's questions, a composite counting as one (as the exam builder counts).
  const count = paper.questions.length;
  const exam = await trx.insertInto('exam').values({
    tenant_id: tenantId, category_id: sample.category_id, title: paper.title, cover: sample.cover, summary: paper.summary,
    publish_time: new Date(now.getTime() - day), type: 'exam', start_time: new Date(now.getTime() - 3 * day), end_time: new Date(now.getTime() + 90 * day),
    duration: 30, pass_score: Math.round(total * 0.6), total_score: total, question_count: count, join_count: 0,
    allow_preview: true, max_attempts: 3,
  }).returning('id').executeTakeFirstOrThrow();
  const examId = Number(exam.id);
  let sort = 0;
  for (const q of paper.questions) {
    const parent = await trx.insertInto('exam_question')
      .values({ tenant_id: tenantId, exam_id: examId, sort: (sort += 1), ...columnsOf(q) }).returning('id').executeTakeFirstOrThrow();
    for (const c of q.children ?? []) {
      await trx.insertInto('exam_question')
        .values({ tenant_id: tenantId, exam_id: examId, parent_id: Number(parent.id), sort: (sort += 1), ...columnsOf(c) }).execute();
    }
  }
  const teacher = await trx.selectFrom('user_account').select('id').where('tenant_id', '=', tenantId).where('account', '=', DEMO_TEACHER.account).executeTakeFirst();
  if (teacher) {
    await grantRole(trx, tenantId, Number(teacher.id), 'marker', { type: 'exam', id: examId });
    await grantRole(trx, tenantId, Number(teacher.id), 'invigilator', { type: 'exam', id: examId });
  }
}
