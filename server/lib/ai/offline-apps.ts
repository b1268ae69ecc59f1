// The applications' offline tasks (issue 21 part D, /robot/application; docs/ai.md section D):
// `plan` spreads a course's lessons over days, `quiz` (offline-apps-quiz.ts) makes questions from a
// content's own sentences. Pure and deterministic for the same input: part A's offline provider
// calls `offlineApplication` for tasks plan and quiz; the run route builds the material with
// `lessonPassage` and reads questions back with `parseQuiz`.
import type { Passage } from './types';
import { offlineQuiz } from './offline-apps-quiz';

export { MAX_QUIZ, offlineQuiz, parseQuiz, quizText, type QuizQuestion } from './offline-apps-quiz';

export type AppLang = 'zh' | 'en';

/** One lesson of a course as the plan reads it. */
export interface LessonLine {
  chapter: string;
  title: string;
  /** Minutes, at least 1 (a lesson without a duration counts as DEFAULT_LESSON_MINUTES). */
  minutes: number;
}

/** What a lesson without a known duration (an article, a PDF) is planned as. */
export const DEFAULT_LESSON_MINUTES = 10;
export const MIN_DAYS = 1;
export const MAX_DAYS = 60;

// A lesson's passage text: "[chapter] 约 N 分钟" (zh) or "[chapter] about N min" (en); readable for
// the HTTP provider, and read back by readLesson.
const LESSON_TEXT = /^\[(.*)\] (?:约 (\d+) 分钟|about (\d+) min)/u;

/** The material line of one lesson of a course (kind course, the course's id and link). */
export function lessonPassage(course: { id: number; link: string }, lesson: LessonLine, lang: AppLang): Passage {
  const minutes = Math.max(1, Math.round(lesson.minutes));
  const text = lang === 'zh' ? `[${lesson.chapter}] 约 ${minutes} 分钟` : `[${lesson.chapter}] about ${minutes} min`;
  return { kind: 'course', refId: course.id, title: lesson.title, text, link: course.link, score: 0 };
}

/** A lesson back from its passage, or null for any other passage (the course's own card). */
export function readLesson(passage: Passage): LessonLine | null {
  const m = LESSON_TEXT.exec(passage.text);
  if (!m) return null;
  return { chapter: m[1]!, title: passage.title, minutes: Number(m[2] ?? m[3]) };
}

/**
 * Splits lessons, in order, into at most `days` consecutive groups so that the longest day is as
 * short as possible (the linear partition problem, by dynamic programming; ties keep earlier days
 * fuller). Fewer lessons than days gives one lesson a day.
 */
export function partition(minutes: readonly number[], days: number): number[][] {
  const n = minutes.length;
  const k = Math.min(days, n);
  if (k <= 0) return [];
  const prefix = [0];
  for (const m of minutes) prefix.push(prefix.at(-1)! + m);
  const sum = (from: number, to: number) => prefix[to]! - prefix[from]!;
  // best[j][i]: the smallest possible longest day when the first i lessons fill j days.
  const best: number[][] = Array.from({ length: k + 1 }, () => new Array<number>(n + 1).fill(Infinity));
  const cut: number[][] = Array.from({ length: k + 1 }, () => new Array<number>(n + 1).fill(0));
  best[0]![0] = 0;
  for (let j = 1; j <= k; j += 1) {
    for (let i = j; i <= n; i += 1) {
      for (let p = j - 1; p < i; p += 1) {
        const longest = Math.max(best[j - 1]![p]!, sum(p, i));
        if (longest < best[j]![i]!) {
          best[j]![i] = longest;
          cut[j]![i] = p;
        }
      }
    }
  }
  const groups: number[][] = [];
  let end = n;
  for (let j = k; j >= 1; j -= 1) {
    const start = cut[j]![end]!;
    groups.unshift(Array.from({ length: end - start }, (_, x) => start + x));
    end = start;
  }
  return groups;
}

const PLAN_TEXTS = {
  zh: {
    none: (course: string) => `《${course}》还没有章节目录，暂时无法按课时排出学习计划。可以先打开课程详情了解内容，或换一门课程。`,
    head: (course: string, lessons: number, total: number, days: number, perDay: number) =>
      `《${course}》学习计划：共 ${lessons} 节课，约 ${total} 分钟，分 ${days} 天学完，每天约 ${perDay} 分钟。`,
    day: (d: number, minutes: number) => `第 ${d} 天（约 ${minutes} 分钟）`,
    lesson: (l: LessonLine) => `- ${l.chapter} · ${l.title}（${l.minutes} 分钟）`,
    review: (d: number) => `第 ${d} 天（复习）\n- 回看前面各章的笔记，把没弄懂的地方再学一遍，并完成课后练习。`,
    tips: '建议：每天固定时间学习；学完一章用一两句话写下要点；有疑问随时到 AI 对话里提问。',
  },
  en: {
    none: (course: string) => `"${course}" has no chapter list yet, so no plan by lessons can be made. Open the course to see what it covers, or pick another course.`,
    head: (course: string, lessons: number, total: number, days: number, perDay: number) =>
      `Study plan for "${course}": ${lessons} lessons, about ${total} minutes, over ${days} days, about ${perDay} minutes a day.`,
    day: (d: number, minutes: number) => `Day ${d} (about ${minutes} min)`,
    lesson: (l: LessonLine) => `- ${l.chapter} · ${l.title} (${l.minutes} min)`,
    review: (d: number) => `Day ${d} (review)\n- Go over your notes of the earlier chapters, relearn what is unclear and do the exercises.`,
    tips: 'Tips: study at a fixed time each day; after each chapter write its key points in a sentence or two; ask the AI chat whenever something is unclear.',
  },
} as const;

/**
 * A study plan from the material: the course's card (any passage that is not a lesson, for its
 * title) and its lessons in order, spread over `days` days with the minutes of each day. Days left
 * after the last lesson are review days.
 */
export function offlinePlan(material: readonly Passage[], opts: { days: number; lang: AppLang }): string {
  const t = PLAN_TEXTS[opts.lang];
  const lessons = material.map(readLesson).filter((l): l is LessonLine => l !== null);
  const course = material.find((p) => readLesson(p) === null)?.title ?? material[0]?.title ?? '';
  if (lessons.length === 0) return t.none(course);
  const days = Math.min(MAX_DAYS, Math.max(MIN_DAYS, Math.round(opts.days)));
  const groups = partition(lessons.map((l) => l.minutes), days);
  const total = lessons.reduce((s, l) => s + l.minutes, 0);
  const lines = [t.head(course, lessons.length, total, days, Math.ceil(total / Math.min(days, lessons.length))), ''];
  groups.forEach((group, i) => {
    lines.push(t.day(i + 1, group.reduce((s, x) => s + lessons[x]!.minutes, 0)));
    for (const x of group) lines.push(t.lesson(lessons[x]!));
    lines.push('');
  });
  for (let d = groups.length + 1; d <= days; d += 1) lines.push(t.review(d), '');
  lines.push(t.tips);
  return lines.join('\n');
}

/** The offline provider's entry for the applications' tasks (types.ts AiTask plan and quiz). */
export function offlineApplication(task: { kind: 'plan'; days: number } | { kind: 'quiz'; count: number }, material: readonly Passage[], lang: AppLang): string {
  return task.kind === 'plan' ? offlinePlan(material, { days: task.days, lang }) : offlineQuiz(material, { count: task.count, lang });
}
