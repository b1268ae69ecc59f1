// The demo question sets (migration 0010): every seeded exam gets a paper from the question bank of
// the subject its title names (seed-exam-banks.ts: a 项目管理 exam asks about project management),
// a title naming none a paper of general workplace questions, every survey the feedback questions;
// all in the language of the title. The exam row's question_count and total_score are set to what
// was written, so the list, the detail page and the paper always agree. One select, one insert
// batch and one update per tenant keep the seed fast.
import { sql, type Transaction } from 'kysely';
import { examBankOf } from './seed-exam-banks';
import type { DB, QuestionKind } from '../db/types';

type Bank = Record<'single' | 'multiple' | 'judge', Array<{ stem: string; options: string[]; answer: number[] }>> & {
  survey: Array<{ kind: QuestionKind; stem: string; options: string[] }>;
};

/** General workplace questions, for an exam whose title names no subject. */
const ZH: Bank = {
  single: [
    { stem: '收到一封要求“立即核对账户密码”的陌生邮件，正确的做法是？', options: ['回复邮件提供密码', '点击链接登录核对', '不点链接，向信息部门核实', '转发给同事看看'], answer: [2] },
    { stem: '办公电脑离开座位时应当？', options: ['保持屏幕常亮', '锁定屏幕', '关闭显示器即可', '拔掉网线'], answer: [1] },
    { stem: '发生火灾时，下列哪种逃生方式是正确的？', options: ['乘坐电梯迅速下楼', '用湿毛巾捂住口鼻，低姿沿疏散通道撤离', '返回工位取贵重物品', '躲进卫生间等待'], answer: [1] },
    { stem: '“PDCA”循环中的“C”代表？', options: ['计划', '执行', '检查', '处理'], answer: [2] },
    { stem: '以下哪个密码最安全？', options: ['12345678', 'password', 'Zh@ng2026!q', '生日加姓名'], answer: [2] },
    { stem: '艾宾浩斯遗忘曲线说明，复习的最佳时机是？', options: ['学完立即复习并分次间隔复习', '考前一天集中复习', '一个月后再复习', '不需要复习'], answer: [0] },
    { stem: '召开会议前最重要的准备是？', options: ['准备茶点', '明确议题和预期结果', '预订最大的会议室', '邀请尽可能多的人'], answer: [1] },
    { stem: '客户投诉时，首先应当？', options: ['解释公司规定', '倾听并确认客户的问题', '转给其他同事', '要求客户书面投诉'], answer: [1] },
  ],
  multiple: [
    { stem: '以下哪些属于个人敏感信息？', options: ['身份证号', '银行卡号', '公开发表的文章', '手机号码'], answer: [0, 1, 3] },
    { stem: '有效的目标应当具备哪些特征（SMART）？', options: ['具体的', '可衡量的', '模糊的', '有时限的'], answer: [0, 1, 3] },
    { stem: '下列哪些行为有助于保护公司数据？', options: ['定期更换密码', '使用公共 Wi-Fi 传输机密文件', '及时安装系统补丁', '重要文件加密存储'], answer: [0, 2, 3] },
    { stem: '做好时间管理可以采用哪些方法？', options: ['列待办清单', '区分轻重缓急', '同时处理所有事情', '番茄工作法'], answer: [0, 1, 3] },
    { stem: '以下哪些是有效沟通的要素？', options: ['积极倾听', '及时反馈', '只表达自己的观点', '确认对方理解'], answer: [0, 1, 3] },
  ],
  judge: [
    { stem: '可以把工作账号的密码告诉关系好的同事。', options: ['正确', '错误'], answer: [1] },
    { stem: '灭火器使用前应先拔掉保险销。', options: ['正确', '错误'], answer: [0] },
    { stem: '学习新知识时，做笔记和复述有助于记忆。', options: ['正确', '错误'], answer: [0] },
    { stem: '发现安全隐患时，只要自己不受影响就不必上报。', options: ['正确', '错误'], answer: [1] },
    { stem: 'U 盘拷贝的来源不明文件可以直接打开。', options: ['正确', '错误'], answer: [1] },
    { stem: '反馈应当对事不对人。', options: ['正确', '错误'], answer: [0] },
    { stem: '会议纪要应当记录结论、负责人和完成时间。', options: ['正确', '错误'], answer: [0] },
  ],
  survey: [
    { kind: 'single', stem: '您对本期培训内容的总体满意度是？', options: ['非常满意', '满意', '一般', '不满意'] },
    { kind: 'single', stem: '课程难度对您来说？', options: ['偏难', '适中', '偏易'] },
    { kind: 'multiple', stem: '您希望增加哪些学习形式？（可多选）', options: ['视频课程', '直播互动', '线下工作坊', '案例研讨'] },
    { kind: 'single', stem: '您平均每周用于学习的时间是？', options: ['少于 1 小时', '1–3 小时', '3–5 小时', '5 小时以上'] },
    { kind: 'text', stem: '您对我们还有哪些意见或建议？', options: [] },
  ],
};

const EN: Bank = {
  single: [
    { stem: 'An unknown email asks you to "verify your password now". What should you do?', options: ['Reply with the password', 'Click the link and sign in', 'Do not click; check with IT', 'Forward it to a colleague'], answer: [2] },
    { stem: 'When you leave your desk, your computer should be…', options: ['left unlocked', 'locked', 'only the monitor switched off', 'unplugged from the network'], answer: [1] },
    { stem: 'In a fire, which way out is right?', options: ['Take the lift', 'Cover nose and mouth, stay low, follow the exit route', 'Go back for valuables', 'Hide in the washroom'], answer: [1] },
    { stem: 'In the PDCA cycle, "C" stands for…', options: ['Plan', 'Do', 'Check', 'Act'], answer: [2] },
    { stem: 'Which password is strongest?', options: ['12345678', 'password', 'Zh@ng2026!q', 'Your birthday'], answer: [2] },
    { stem: 'The forgetting curve suggests reviewing…', options: ['soon after learning, then at spaced intervals', 'only the night before the exam', 'after a month', 'never'], answer: [0] },
    { stem: 'The most important preparation for a meeting is…', options: ['snacks', 'a clear agenda and expected outcome', 'the largest room', 'inviting everyone'], answer: [1] },
    { stem: 'When a customer complains, first…', options: ['explain the policy', 'listen and confirm the problem', 'pass it to a colleague', 'ask for a written complaint'], answer: [1] },
  ],
  multiple: [
    { stem: 'Which of these are sensitive personal data?', options: ['ID number', 'Bank card number', 'A published article', 'Mobile number'], answer: [0, 1, 3] },
    { stem: 'A SMART goal is…', options: ['Specific', 'Measurable', 'Vague', 'Time-bound'], answer: [0, 1, 3] },
    { stem: 'Which habits protect company data?', options: ['Changing passwords regularly', 'Sending secrets over public Wi-Fi', 'Installing updates promptly', 'Encrypting important files'], answer: [0, 2, 3] },
    { stem: 'Good time-management methods include…', options: ['A to-do list', 'Prioritising by urgency and importance', 'Doing everything at once', 'The Pomodoro technique'], answer: [0, 1, 3] },
    { stem: 'Elements of effective communication are…', options: ['Active listening', 'Timely feedback', 'Only stating your view', 'Checking understanding'], answer: [0, 1, 3] },
  ],
  judge: [
    { stem: 'You may share your work password with a trusted colleague.', options: ['True', 'False'], answer: [1] },
    { stem: 'Pull the safety pin before using a fire extinguisher.', options: ['True', 'False'], answer: [0] },
    { stem: 'Taking notes and retelling help you remember new material.', options: ['True', 'False'], answer: [0] },
    { stem: 'A hazard that does not affect you need not be reported.', options: ['True', 'False'], answer: [1] },
    { stem: 'Files of unknown origin on a USB stick are safe to open.', options: ['True', 'False'], answer: [1] },
    { stem: 'Feedback should address the work, not the person.', options: ['True', 'False'], answer: [0] },
    { stem: 'Meeting minutes should record decisions, owners and due dates.', options: ['True', 'False'], answer: [0] },
  ],
  survey: [
    { kind: 'single', stem: 'Overall, how satisfied are you with this training?', options: ['Very satisfied', 'Satisfied', 'Neutral', 'Dissatisfied'] },
    { kind: 'single', stem: 'How difficult was the course for you?', options: ['Too hard', 'About right', 'Too easy'] },
    { kind: 'multiple', stem: 'Which formats would you like more of? (choose any)', options: ['Video courses', 'Live sessions', 'Workshops', 'Case studies'] },
    { kind: 'single', stem: 'How much time do you spend learning each week?', options: ['Under 1 hour', '1–3 hours', '3–5 hours', 'Over 5 hours'] },
    { kind: 'text', stem: 'Any other comments or suggestions?', options: [] },
  ],
};

/** The paper sizes: 10 questions of 10 points or 20 of 5, so every exam totals 100. */
const PAPERS = [{ single: 4, multiple: 3, judge: 3, score: 10 }, { single: 8, multiple: 5, judge: 7, score: 5 }] as const;

const keyOf = (i: number) => String.fromCharCode(65 + i);
const optionsOf = (texts: string[]) => JSON.stringify(texts.map((text, i) => ({ key: keyOf(i), text })));

/** Takes n templates of a list from a rotating offset, so neighbouring exams differ. */
function take<T>(list: T[], n: number, offset: number): T[] {
  return Array.from({ length: n }, (_, i) => list[(offset + i) % list.length]!);
}

/** Writes the paper of every exam and survey of the tenant that has none yet; returns the questions written. */
export async function seedExamPapers(trx: Transaction<DB>, tenantId: number): Promise<number> {
  // An explicit tenant filter: the owner may be a superuser, which row-level security does not bind.
  const exams = await trx.selectFrom('exam').select(['id', 'type', 'title']).where('tenant_id', '=', tenantId)
    .where(sql<boolean>`not exists (select 1 from exam_question q where q.tenant_id = exam.tenant_id and q.exam_id = exam.id)`)
    .orderBy('id').execute();
  if (exams.length === 0) return 0;
  const rows: Array<{ tenant_id: number; exam_id: number; kind: QuestionKind; stem: string; options: string; answer: string | null; score: number; sort: number }> = [];
  exams.forEach((exam, index) => {
    const bank = /[\u4e00-\u9fff]/.test(exam.title) ? ZH : EN;
    const examId = Number(exam.id);
    let sort = 0;
    const push = (kind: QuestionKind, stem: string, options: string[], answer: number[] | null, score: number) =>
      rows.push({ tenant_id: tenantId, exam_id: examId, kind, stem, options: optionsOf(options), answer: answer ? JSON.stringify(answer.map(keyOf)) : null, score, sort: (sort += 1) });
    if (exam.type === 'survey') {
      for (const q of bank.survey) push(q.kind, q.stem, q.options, null, 0);
      return;
    }
    const subject = examBankOf(exam.title);
    if (subject) {
      // 10 questions of 10 points: the subject's whole bank, its choices in bank order.
      const { single, multiple, judge } = subject.bank;
      const yesNo = bank === ZH ? ['正确', '错误'] : ['True', 'False'];
      for (const [stem, options, answer] of single) push('single', stem, options, [answer], 10);
      for (const [stem, options, answer] of multiple) push('multiple', stem, options, answer, 10);
      for (const [stem, right] of judge) push('judge', stem, yesNo, [right ? 0 : 1], 10);
      return;
    }
    const paper = PAPERS[index % PAPERS.length]!;
    for (const kind of ['single', 'multiple', 'judge'] as const) {
      for (const q of take(bank[kind], paper[kind], index)) push(kind, q.stem, q.options, q.answer, paper.score);
    }
  });
  for (let i = 0; i < rows.length; i += 500) await trx.insertInto('exam_question').values(rows.slice(i, i + 500)).execute();
  // spec: question_count and total_score describe the paper, so they follow what was written.
  await sql`update exam set question_count = p.n, total_score = case when exam.type = 'exam' then p.total end
    from (select exam_id, count(*)::int as n, sum(score)::int as total from exam_question where tenant_id = ${tenantId} group by exam_id) p
    where exam.tenant_id = ${tenantId} and exam.id = p.exam_id`.execute(trx);
  return rows.length;
}
