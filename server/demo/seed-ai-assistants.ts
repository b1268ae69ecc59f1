// Issue 21 part D (assistants, applications and their runs): the demo rows. Runs once per new tenant
// inside its seed transaction, after the credits seed (server/demo/seed.ts). docs/ai.md D.
// Every tenant: three assistants (学习助手 over the whole catalogue, 课程顾问 over courses and
// products, 帮助中心 over help only) and three applications (学习计划 over a course picker, 章节测验
// over a content picker, 学习总结 with a free template, which needs the provider); acme (1002) in
// English. The `ai` tenant's learner also has two saved runs (a plan and a quiz), made by the
// offline tasks from the tenant's own course and help text, so 我的运行记录 shows real rows.
import type { Transaction } from 'kysely';
import type { DB } from '../db/types';
import type { AppField } from '../../schemas/api/ai-assistants';
import { DEFAULT_LESSON_MINUTES, lessonPassage, offlinePlan } from '../lib/ai/offline-apps';
import { makeQuiz, quizText } from '../lib/ai/offline-apps-quiz';
import type { Passage } from '../lib/ai/types';
import { htmlToLines } from '../modules/cm/robot-retrieval';
import { AI_HELP_BODIES } from './seed-help-ai';

const AI_TENANT = 1004;
const ENGLISH_TENANTS: ReadonlySet<number> = new Set([1002]);

type Text = [zh: string, en: string];

const ASSISTANTS: { key: string; name: Text; avatar: string; description: Text; greeting: Text; prompt: Text; kinds: string[]; examples: [string[], string[]] }[] = [
  {
    key: 'study', name: ['学习助手', 'Study buddy'], avatar: 'builtin:robot', kinds: ['course', 'subject', 'content', 'help', 'product', 'exam'],
    description: ['什么都可以问：课程、资料、考试和平台使用，回答都附上本站的链接。', 'Ask anything about courses, materials, exams and the portal; every answer links to the pages it comes from.'],
    greeting: ['你好，我是你的学习助手。想学什么、遇到什么问题，都可以问我。', 'Hi, I am your study buddy. Ask me about anything you want to learn.'],
    prompt: ['你是一位耐心的学习助手，回答简洁、分点，并鼓励学习者动手练习。', 'You are a patient study buddy: answer briefly, in points, and encourage practice.'],
    examples: [['有哪些适合入门的课程？', '怎么查看我的学习记录？', '考试可以重考吗？'], ['Which courses suit beginners?', 'Where do I see my study record?', 'Can I retake an exam?']],
  },
  {
    key: 'advisor', name: ['课程顾问', 'Course advisor'], avatar: 'builtin:advisor', kinds: ['course', 'product'],
    description: ['帮你从课程和商品中挑选合适的学习内容。', 'Helps you choose courses and products that fit your goals.'],
    greeting: ['你好，我是课程顾问。告诉我你的目标和基础，我帮你推荐课程。', 'Hello, I am the course advisor. Tell me your goal and level, and I will suggest courses.'],
    prompt: ['你是课程顾问，只推荐本站已有的课程和商品，并说明推荐理由。', 'You are a course advisor: recommend only this site\'s courses and products, with reasons.'],
    examples: [['零基础应该先学哪门课？', '有没有可以购买的学习资料？'], ['Which course should a beginner take first?', 'Are there study materials to buy?']],
  },
  {
    key: 'help', name: ['帮助中心', 'Help desk'], avatar: 'builtin:helper', kinds: ['help'],
    description: ['平台使用问题：登录、密码、学习记录、证书等，只根据帮助文章回答。', 'Questions about using the portal (sign-in, passwords, records, certificates), answered from the help articles only.'],
    greeting: ['你好，这里是帮助中心。遇到使用上的问题，直接告诉我吧。', 'Hello, this is the help desk. Tell me what went wrong.'],
    prompt: ['你是平台客服，只根据帮助文章回答使用问题，不确定时建议联系管理员。', 'You are the portal\'s help desk: answer from the help articles only, and suggest contacting an administrator when unsure.'],
    examples: [['怎么修改登录密码？', '对话记录保存在哪里？'], ['How do I change my password?', 'Where are my conversations kept?']],
  },
];

const field = (f: AppField) => f;

const APPLICATIONS: { name: Text; description: Text; icon: string; assistant: string; task: 'plan' | 'quiz' | 'prompt'; output: 'text' | 'questions'; template: Text; fields: (en: boolean) => AppField[] }[] = [
  {
    name: ['学习计划', 'Study plan'], icon: 'plan', assistant: 'study', task: 'plan', output: 'text', template: ['', ''],
    description: ['选一门课程和天数，按课时把整门课排进每一天。', 'Pick a course and a number of days: every lesson gets its day.'],
    fields: (en) => [
      field({ name: 'course', label: en ? 'Course' : '课程', type: 'course', required: true, placeholder: en ? 'Choose a course' : '选择一门课程' }),
      field({ name: 'days', label: en ? 'Days' : '学习天数', type: 'number', required: true, min: 1, max: 30, defaultValue: 7 }),
    ],
  },
  {
    name: ['章节测验', 'Chapter quiz'], icon: 'quiz', assistant: 'study', task: 'quiz', output: 'questions', template: ['', ''],
    description: ['选一篇资料，从原文出单选题和填空题，在页面上作答并查看得分。', 'Pick a material: questions from its own text, answered and scored on the page.'],
    fields: (en) => [
      field({ name: 'content', label: en ? 'Material' : '资料', type: 'content', required: true, placeholder: en ? 'Choose a material' : '选择一篇资料' }),
      field({ name: 'count', label: en ? 'Questions' : '题目数量', type: 'number', required: true, min: 1, max: 10, defaultValue: 5 }),
    ],
  },
  {
    name: ['学习总结', 'Study summary'], icon: 'summary', assistant: 'study', task: 'prompt', output: 'text',
    description: ['按你关心的重点总结一篇资料（需要管理员配置大模型服务）。', 'Summarise a material around what you care about (needs the AI provider).'],
    template: ['请总结《{{content}}》的主要内容，重点关注：{{focus}}。请用「{{style}}」的形式输出。', 'Summarise "{{content}}", focusing on: {{focus}}. Write it as {{style}}.'],
    fields: (en) => [
      field({ name: 'content', label: en ? 'Material' : '资料', type: 'content', required: true }),
      field({ name: 'focus', label: en ? 'Focus' : '关注重点', type: 'textarea', required: false, maxLength: 300, placeholder: en ? 'e.g. the key steps' : '例如：关键步骤和注意事项' }),
      field({ name: 'style', label: en ? 'Form' : '输出形式', type: 'choice', required: true, options: en ? ['key points', 'one paragraph'] : ['要点列表', '一段话'], defaultValue: en ? 'key points' : '要点列表' }),
    ],
  },
];

/** Writes the tenant's assistants and applications, and the ai learner's two runs. */
export async function seedAiAssistants(trx: Transaction<DB>, tenantId: number): Promise<void> {
  const en = ENGLISH_TENANTS.has(tenantId);
  const pick = (t: Text) => (en ? t[1] : t[0]);
  const ids = new Map<string, number>();
  for (const [i, a] of ASSISTANTS.entries()) {
    const row = await trx.insertInto('ai_assistant').values({
      tenant_id: tenantId, name: pick(a.name), avatar: a.avatar, description: pick(a.description), greeting: pick(a.greeting),
      system_prompt: pick(a.prompt), kinds: a.kinds, examples: en ? a.examples[1] : a.examples[0], sort: (i + 1) * 10,
    }).returning('id').executeTakeFirstOrThrow();
    ids.set(a.key, Number(row.id));
  }
  const appIds: number[] = [];
  for (const [i, a] of APPLICATIONS.entries()) {
    const row = await trx.insertInto('ai_application').values({
      tenant_id: tenantId, assistant_id: ids.get(a.assistant)!, name: pick(a.name), description: pick(a.description), icon: a.icon,
      fields: JSON.stringify(a.fields(en)), task: a.task, prompt_template: pick(a.template), output: a.output, sort: (i + 1) * 10,
    }).returning('id').executeTakeFirstOrThrow();
    appIds.push(Number(row.id));
  }
  if (tenantId === AI_TENANT) await seedAiRuns(trx, tenantId, appIds);
}

/** The ai learner's plan over the first course with lessons and quiz over the first help article, as the offline tasks make them. */
async function seedAiRuns(trx: Transaction<DB>, tenantId: number, [planApp, quizApp]: number[]): Promise<void> {
  const learner = await trx.selectFrom('user_account').select('id').where('tenant_id', '=', tenantId).where('account', '=', 'learner').executeTakeFirst();
  if (!learner) return;
  const lessons = await trx.selectFrom('course as c')
    .innerJoin('course_phase as p', (j) => j.onRef('p.tenant_id', '=', 'c.tenant_id').onRef('p.course_id', '=', 'c.id'))
    .innerJoin('course_phase_content as l', (j) => j.onRef('l.tenant_id', '=', 'p.tenant_id').onRef('l.phase_id', '=', 'p.id'))
    .select(['c.id as course_id', 'c.title as course_title', 'c.summary', 'p.title as chapter', 'l.title', 'l.duration'])
    .where('c.tenant_id', '=', tenantId).where('c.state', '=', 1)
    .orderBy('c.id').orderBy('p.sort').orderBy('p.id').orderBy('l.sort').orderBy('l.id').execute();
  const courseId = lessons[0]?.course_id;
  const runs: { application_id: number; title: string; inputs: string; output: string; questions: string | null; days: number }[] = [];
  if (courseId !== undefined) {
    const own = lessons.filter((l) => l.course_id === courseId);
    const link = `/course/detail/${courseId}`;
    const material: Passage[] = [
      { kind: 'course', refId: Number(courseId), title: own[0]!.course_title, text: own[0]!.summary ?? '', link, score: 0 },
      ...own.map((l) => lessonPassage({ id: Number(courseId), link }, { chapter: l.chapter, title: l.title, minutes: l.duration > 0 ? Math.ceil(l.duration / 60) : DEFAULT_LESSON_MINUTES }, 'zh')),
    ];
    runs.push({ application_id: planApp!, title: own[0]!.course_title, inputs: JSON.stringify({ course: Number(courseId), days: 3 }), output: offlinePlan(material, { days: 3, lang: 'zh' }), questions: null, days: 2 });
  }
  const [helpTitle, helpHtml] = Object.entries(AI_HELP_BODIES)[0]!;
  const help = await trx.selectFrom('content').select('id').where('tenant_id', '=', tenantId).where('title', '=', helpTitle).executeTakeFirst();
  if (help) {
    const material: Passage[] = [{ kind: 'help', refId: Number(help.id), title: helpTitle, text: htmlToLines(helpHtml).join('\n'), link: '', score: 0 }];
    const questions = makeQuiz(material, 4);
    runs.push({ application_id: quizApp!, title: helpTitle, inputs: JSON.stringify({ content: Number(help.id), count: 4 }), output: quizText(questions, 'zh'), questions: JSON.stringify(questions), days: 1 });
  }
  for (const run of runs) {
    await trx.insertInto('ai_application_run').values({
      tenant_id: tenantId, application_id: run.application_id, user_id: Number(learner.id), title: run.title, inputs: run.inputs, output: run.output,
      questions: run.questions, source: 'offline', status: 'done', cost: 2, created_at: new Date(Date.now() - run.days * 86_400_000),
    }).execute();
  }
}
