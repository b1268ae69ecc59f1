import { mkdir, writeFile } from 'node:fs/promises';
import { dirname, join } from 'node:path';
import { CATEGORY_PURPOSE, CONTENT_PURPOSE } from '../lib/purposes';
import { addCover, Clock, emptyPlan, type CataloguePlan, type PlanContent } from './seed-catalogue-plan';
import { documentPath } from './seed-documents';
import { helpBodyPath } from './seed-help';
import { attachLessonContents } from './seed-lessons';

// The small catalogue of the AI tenant (1004, "AI 学伴"): the help articles its assistant answers
// from (spec learning §2 "AI area"; docs/decisions.md "The AI assistant answers from the tenant's
// material"), three short courses, three knowledge articles, a subject and a quiz for its answers
// to link to. Written by hand, no random numbers; small, since every server test file seeds it.

/** The AI tenant's id (templates/tenants/ai.json). */
export const AI_TENANT = 1004;

const p = (text: string) => `<p>${text}</p>`;

/** Help article titles, in help-center order; their texts are in seed-help-ai.ts (plus one academy text). */
export const AI_HELP_TITLES = ['如何向AI学伴提问', 'AI学伴的回答从哪里来', '对话记录保存在哪里', '如何删除对话记录', 'AI绘画和写作怎么开通', '如何修改登录密码'];

const KNOWLEDGE: { title: string; summary: string; body: string }[] = [
  {
    title: '提示词的五个要素', summary: '角色、任务、背景、格式和示例：写好提示词的五个要素。',
    body: p('一个好的提示词通常包含五个要素：') + '<ol><li><strong>角色</strong>：告诉 AI 以什么身份回答，例如“你是一名高中数学老师”。</li><li><strong>任务</strong>：说清楚要做什么，例如“讲解二次函数的顶点式”。</li><li><strong>背景</strong>：补充必要的信息，例如学习者的基础。</li><li><strong>格式</strong>：说明回答的形式，例如“分三步，每步不超过两句话”。</li><li><strong>示例</strong>：给出一个期望的回答样例。</li></ol>' + p('五个要素不必每次都写全，但任务和格式最好写清楚。'),
  },
  {
    title: '如何判断AI回答是否可靠', summary: '三个方法检查 AI 的回答：看来源、交叉验证、动手验证。',
    body: p('AI 的回答可能出错，使用前可以这样检查：') + '<ol><li>看来源：回答是否给出了可以打开的资料链接。</li><li>交叉验证：用课程、教材或帮助文章核对关键结论。</li><li>动手验证：计算题自己算一遍，代码自己运行一遍。</li></ol>' + p('涉及考试规则、成绩和证书的问题，以平台通知为准。'),
  },
  {
    title: 'AI使用规范与隐私保护', summary: '使用 AI 学伴时需要遵守的规范，以及如何保护个人信息。',
    body: p('请不要在提问中填写身份证号、密码、银行卡号等敏感信息。') + p('AI 生成的内容仅供学习参考，提交作业和考试时请遵守学校或机构的学术规范，不要直接抄袭 AI 的回答。'),
  },
];

const COURSES: { title: string; summary: string; lessons: [string, string][] }[] = [
  { title: 'AI学伴入门：十分钟学会提问', summary: '从第一次提问开始，学会和 AI 学伴高效对话。', lessons: [['认识 AI 学伴', '打开对话页面'], ['提出好问题', '追问与换个说法']] },
  { title: '提示词写作实战', summary: '用五个要素写出清楚的提示词，让 AI 的回答更有用。', lessons: [['提示词的结构', '角色与任务'], ['格式与示例', '常见错误']] },
  { title: '用AI辅助备考与复习', summary: '用 AI 整理知识点、出练习题、检查错题，但不依赖它。', lessons: [['整理知识点', '生成练习题'], ['检查错题', '复习计划']] },
];

/** Builds the AI tenant's plan; deterministic for a given clock. */
export function buildAiPlan(tenantId: number, now: Date): CataloguePlan {
  const plan = emptyPlan(tenantId);
  const clock = new Clock(now);
  const category = (purpose: number, name: string) => {
    const key = `${purpose}/${name}`;
    plan.categories.push({ key, parentKey: null, purpose, name, sort: 0 });
    return key;
  };
  const helpKey = category(CATEGORY_PURPOSE.help, '使用帮助');
  const courseKey = category(CATEGORY_PURPOSE.course, 'AI 入门');
  const knowledgeKey = category(CATEGORY_PURPOSE.knowledge, 'AI 知识');
  const examKey = category(CATEGORY_PURPOSE.exam, 'AI 测评');
  plan.teachers.push({
    key: 't0', name: '林知远', title: 'AI 教学设计师', score: 1200, intro: '专注 AI 辅助学习的课程设计。',
    avatar: addCover(plan, 'teacher', 0, { shape: 'avatar', scene: 'person' }),
  });

  const content = (c: Omit<PlanContent, 'labels' | 'viewCount' | 'favourCount' | 'parts' | 'author' | 'duration'>, i: number) => {
    plan.contents.push({ ...c, author: '林知远', duration: 0, labels: [], viewCount: 300 - i * 20, favourCount: 20 - i, parts: [] });
  };
  AI_HELP_TITLES.forEach((title, i) => content({
    key: `h${i}`, purpose: CONTENT_PURPOSE.help, kind: 'article', title, cover: null, categoryKey: helpKey,
    summary: '图文步骤说明，帮你快速解决问题。', mediaUrl: helpBodyPath(tenantId, i + 1).url, publishTime: clock.days(-30 + i),
  }, i));
  KNOWLEDGE.forEach((k, i) => content({
    key: `n${i}`, purpose: CONTENT_PURPOSE.knowledge, kind: 'article', title: k.title, summary: k.summary, categoryKey: knowledgeKey,
    cover: addCover(plan, 'knowledge', i, { shape: 'cover', scene: 'network' }),
    mediaUrl: documentPath(tenantId, `n${i}`, 'html').url, publishTime: clock.days(-20 + i),
  }, i));

  COURSES.forEach((c, i) => {
    plan.courses.push({
      key: `k${i}`, title: c.title, summary: c.summary, categoryKey: courseKey, teacherKey: 't0', labels: ['AI'],
      cover: addCover(plan, 'course', i, { shape: 'cover', scene: 'spark' }),
      studyCount: 500 - i * 100, favourCount: 50 - i * 10, score: 4.8, publishTime: clock.days(-15 + i),
      phases: c.lessons.map((pair, p) => ({
        title: `第${p + 1}章`,
        lessons: pair.map((name, l) => ({ title: `${p + 1}.${l + 1} ${name}`, kind: 'article' as const, duration: 300, contentKey: null })),
      })),
    });
  });
  plan.subjects.push({
    title: 'AI学习方法专题', summary: '三门短课和三篇知识，系统学会用 AI 辅助学习。', categoryKey: courseKey, labels: ['AI'],
    cover: addCover(plan, 'subject', 0, { shape: 'cover', scene: 'spark' }), studyCount: 260, favourCount: 30,
    publishTime: clock.days(-10), items: [...plan.courses.map((c) => ({ courseKey: c.key })), { contentKey: 'n0' }],
  });
  plan.exams.push({
    title: 'AI素养小测验', summary: '十道题检查你对提示词和 AI 使用规范的掌握。', categoryKey: examKey, type: 'exam',
    cover: addCover(plan, 'exam', 0, { shape: 'cover', scene: 'spark' }),
    publishTime: clock.days(-8), start: clock.days(-7), end: null, duration: 20, passScore: 60, totalScore: 100, questionCount: 10, joinCount: 120,
  });
  // Every lesson opens a text of its own (purpose 8, seed-lessons.ts), written by writeAiDocuments.
  attachLessonContents(plan);
  for (const c of plan.contents) {
    if (c.purpose === CONTENT_PURPOSE.lesson) c.mediaUrl = documentPath(tenantId, c.key, 'html').url;
  }
  return plan;
}

/** The documents of the AI tenant's knowledge articles and lessons, as [upload-dir file, HTML]. */
function aiDocuments(plan: CataloguePlan): [string, string][] {
  const docs: [string, string][] = [];
  KNOWLEDGE.forEach((k, i) => docs.push([documentPath(plan.tenantId, `n${i}`, 'html').file, `<h2>${k.title}</h2>${k.body}`]));
  for (const c of plan.contents) {
    if (c.purpose !== CONTENT_PURPOSE.lesson) continue;
    docs.push([documentPath(plan.tenantId, c.key, 'html').file, `<h2>${c.title}</h2>${p(c.summary)}${p(`本节围绕“${c.title}”展开，读完后可以在 AI 对话中练习一次。`)}`]);
  }
  return docs;
}

/** The AI tenant's documents by site path (what writeAiDocuments writes). */
export function aiDocumentTexts(plan: CataloguePlan): Map<string, string> {
  return new Map(aiDocuments(plan).map(([file, body]) => [`/uploads/${file}`, body]));
}

/** Writes the AI tenant's documents into the upload dir. Safe to repeat. */
export async function writeAiDocuments(uploadDir: string, plan: CataloguePlan): Promise<number> {
  const docs = aiDocuments(plan);
  for (const [file, body] of docs) {
    await mkdir(dirname(join(uploadDir, file)), { recursive: true });
    await writeFile(join(uploadDir, file), body, 'utf8');
  }
  return docs.length;
}
