// What an application's run works on (issue 21 part D; docs/ai.md D): the picked course's lessons
// for a plan, the picked content's (or course's) passages of the retrieval index for a quiz, and
// the messages sent to the HTTP provider. Every query runs in the tenant's transaction, so a picked
// id of another tenant is simply not found.
import type { Transaction } from 'kysely';
import type { DB } from '../../db/types';
import { CONTENT_PURPOSE } from '../../lib/purposes';
import { containsPattern } from '../../lib/list-sql';
import type { ChatMessage, Passage, PassageKind } from '../../lib/ai/types';
import { DEFAULT_LESSON_MINUTES, lessonPassage } from '../../lib/ai/offline-apps';
import { ensureFreshIndex } from './ai-index-search';
import { itemLink } from './ai-index-passages';
import type { Lang } from './ai-application-fields';

type Trx = Transaction<DB>;

/** Passages a quiz reads at most (the index keeps at most 12 per item). */
const QUIZ_PASSAGES = 12;

/** A published course's or content's title (contents: the library's and help, not course lessons), or null. */
export async function pickedTitle(trx: Trx, kind: 'course' | 'content', id: number): Promise<string | null> {
  if (kind === 'course') {
    const row = await trx.selectFrom('course').select('title').where('id', '=', id).where('state', '=', 1).executeTakeFirst();
    return row?.title ?? null;
  }
  const row = await trx.selectFrom('content').select('title').where('id', '=', id).where('state', '=', 1)
    .where('purpose', '!=', CONTENT_PURPOSE.lesson).executeTakeFirst();
  return row?.title ?? null;
}

/** The picker's choices: published courses or contents whose title has the words, at most 50, newest first. */
export async function pickerItems(trx: Trx, kind: 'course' | 'content', keyword: string | undefined): Promise<{ id: number; title: string }[]> {
  const words = keyword?.trim();
  const pattern = words ? containsPattern(words) : null;
  const rows = kind === 'course'
    ? await trx.selectFrom('course').select(['id', 'title']).where('state', '=', 1)
      .$if(pattern !== null, (q) => q.where('title', 'ilike', pattern!)).orderBy('publish_time', 'desc').orderBy('id', 'desc').limit(50).execute()
    : await trx.selectFrom('content').select(['id', 'title']).where('state', '=', 1).where('purpose', '!=', CONTENT_PURPOSE.lesson)
      .$if(pattern !== null, (q) => q.where('title', 'ilike', pattern!)).orderBy('publish_time', 'desc').orderBy('id', 'desc').limit(50).execute();
  return rows.map((r) => ({ id: Number(r.id), title: r.title }));
}

/** A course's card and its lessons in order (chapter, lesson, minutes) as the plan's material. */
export async function courseLessons(trx: Trx, courseId: number, lang: Lang): Promise<Passage[]> {
  const course = await trx.selectFrom('course').select(['id', 'title', 'summary']).where('id', '=', courseId).executeTakeFirstOrThrow();
  const rows = await trx.selectFrom('course_phase as p')
    .innerJoin('course_phase_content as l', (j) => j.onRef('l.tenant_id', '=', 'p.tenant_id').onRef('l.phase_id', '=', 'p.id'))
    .select(['p.title as chapter', 'l.title', 'l.duration'])
    .where('p.course_id', '=', courseId)
    .orderBy('p.sort').orderBy('p.id').orderBy('l.sort').orderBy('l.id').execute();
  const link = itemLink('course', courseId);
  const card: Passage = { kind: 'course', refId: courseId, title: course.title, text: course.summary ?? '', link, score: 0 };
  // Durations are seconds; an article or PDF without one is planned as DEFAULT_LESSON_MINUTES.
  return [card, ...rows.map((r) => lessonPassage({ id: courseId, link }, {
    chapter: r.chapter, title: r.title, minutes: r.duration > 0 ? Math.max(1, Math.ceil(r.duration / 60)) : DEFAULT_LESSON_MINUTES,
  }, lang))];
}

/** The index's passages of one item (a content or help article, or a course), in order; the index is refreshed first. */
export async function itemPassages(trx: Trx, kind: 'course' | 'content', id: number): Promise<Passage[]> {
  await ensureFreshIndex(trx);
  const kinds: PassageKind[] = kind === 'course' ? ['course'] : ['content', 'help'];
  const rows = await trx.selectFrom('ai_passage').select(['kind', 'ref_id', 'title', 'body', 'link'])
    .where('kind', 'in', kinds).where('ref_id', '=', id).orderBy('seq').limit(QUIZ_PASSAGES).execute();
  return rows.map((r) => ({ kind: r.kind, refId: Number(r.ref_id), title: r.title, text: r.body, link: r.link, score: 0 }));
}

/** Characters of text the material carries beyond its titles (a quiz needs some). */
export const materialChars = (material: readonly Passage[]) => material.reduce((n, p) => n + [...p.text.replace(p.title, '').trim()].length, 0);

const PROMPTS = {
  zh: {
    system: '你是一个在线学习平台里的学习助手。只根据提供的资料作答，不要编造资料里没有的内容；用简体中文回答。',
    plan: (title: string, days: number) => `请为课程《${title}》制定一个 ${days} 天的学习计划：按课程目录的顺序，把每一节课安排到具体某一天，写出每天学习的章节、课时和大约时长，让每天的时长尽量均衡；课时不够 ${days} 天时，最后几天安排复习；最后给出两三条学习建议。课程目录（每行一节课，方括号里是章，后面是时长）：`,
    quiz: (title: string, count: number) => `请根据下面《${title}》的资料出 ${count} 道题，单选题（4 个选项）和填空题（题干中用 ____ 表示空）交替出现，答案和解析都要来自资料原文。只输出 JSON，不要输出其他文字，格式：{"questions":[{"type":"single","stem":"题干","options":["选项1","选项2","选项3","选项4"],"answer":"A","explanation":"解析"},{"type":"cloze","stem":"含 ____ 的题干","options":[],"answer":"答案","explanation":"解析"}]}。资料：`,
    material: '参考资料：',
  },
  en: {
    system: 'You are the study assistant of an online learning portal. Answer only from the material given, never invent what it does not say; answer in English.',
    plan: (title: string, days: number) => `Make a ${days}-day study plan for the course "${title}": in the order of its outline, put every lesson on a day, listing each day's chapters, lessons and approximate minutes so the days are about even; if there are fewer lessons than days, make the last days review; end with two or three tips. The outline (one lesson a line, its chapter in brackets, then its length):`,
    quiz: (title: string, count: number) => `From the material of "${title}" below, write ${count} questions, alternating single choice (4 options) and fill in the blank (____ marks the blank), with answers and explanations taken from the material. Output JSON only, nothing else: {"questions":[{"type":"single","stem":"...","options":["...","...","...","..."],"answer":"A","explanation":"..."},{"type":"cloze","stem":"... ____ ...","options":[],"answer":"...","explanation":"..."}]}. Material:`,
    material: 'Material:',
  },
} as const;

const materialLines = (material: readonly Passage[]) => material.map((p) => `- ${p.title}：${p.text}`).join('\n');

/** The messages for the HTTP provider: the assistant's system prompt (or ours), then the task with its material. */
export function applicationMessages(run: {
  systemPrompt: string; task: 'plan' | 'quiz' | 'prompt'; title: string; days: number; count: number; prompt: string; material: readonly Passage[]; lang: Lang;
}): ChatMessage[] {
  const t = PROMPTS[run.lang];
  const system = run.systemPrompt.trim() ? `${run.systemPrompt.trim()}\n${t.system}` : t.system;
  let user: string;
  if (run.task === 'plan') user = `${t.plan(run.title, run.days)}\n${run.material.slice(1).map((p) => `- ${p.text} ${p.title}`).join('\n')}`;
  else if (run.task === 'quiz') user = `${t.quiz(run.title, run.count)}\n${materialLines(run.material)}`;
  else user = run.material.length ? `${run.prompt}\n\n${t.material}\n${materialLines(run.material)}` : run.prompt;
  return [{ role: 'system', content: system }, { role: 'user', content: user }];
}

/** A learner's run title from its picked item or first text (at most 80 characters). */
export function runTitle(appName: string, picked: string | null, firstText: string | null): string {
  const base = picked ?? firstText ?? appName;
  const chars = [...base.replace(/\s+/g, ' ').trim()];
  return chars.length > 80 ? `${chars.slice(0, 79).join('')}…` : chars.join('');
}

