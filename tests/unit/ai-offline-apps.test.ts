// The applications' offline tasks (issue 21 part D; server/lib/ai/offline-apps*.ts) on real seed
// text: the AI tenant's help articles, read as the assistant reads them (htmlToLines).
import { describe, expect, it } from 'vitest';
import { AI_HELP_BODIES } from '../../server/demo/seed-help-ai';
import { htmlToLines } from '../../server/modules/cm/robot-retrieval';
import type { Passage } from '../../server/lib/ai/types';
import { lessonPassage, offlineApplication, offlinePlan, partition, readLesson } from '../../server/lib/ai/offline-apps';
import { keyTerms, makeQuiz, offlineQuiz, parseQuiz, quizText } from '../../server/lib/ai/offline-apps-quiz';

const HELP: Passage[] = Object.entries(AI_HELP_BODIES).map(([title, html], i) => ({
  kind: 'help', refId: i + 1, title, text: htmlToLines(html).join('\n'), link: `/help/${i + 1}`, score: 0,
}));
const COURSE: Passage = { kind: 'course', refId: 7, title: '提示词写作实战', text: '用五个要素写出清楚的提示词。', link: '/course/detail/7', score: 0 };
const LESSONS: [string, string, number][] = [
  ['第1章 提示词的结构', '角色与任务', 12], ['第1章 提示词的结构', '背景', 25], ['第2章 格式与示例', '格式', 8], ['第2章 格式与示例', '常见错误', 30], ['第2章 格式与示例', '小结', 5],
];
const material = (lang: 'zh' | 'en') => [COURSE, ...LESSONS.map(([chapter, title, minutes]) => lessonPassage({ id: 7, link: COURSE.link }, { chapter, title, minutes }, lang))];

describe('offline plan', () => {
  it('reads a lesson back from its passage in both languages, and nothing from the course card', () => {
    for (const lang of ['zh', 'en'] as const) expect(readLesson(material(lang)[2]!)).toEqual({ chapter: '第1章 提示词的结构', title: '背景', minutes: 25 });
    expect(readLesson(COURSE)).toBeNull();
  });

  it('splits lessons in order so the longest day is as short as possible', () => {
    expect(partition([12, 25, 8, 30, 5], 3)).toEqual([[0], [1, 2], [3, 4]]);
    expect(partition([10, 10, 10, 10], 2)).toEqual([[0, 1], [2, 3]]);
    expect(partition([5, 5], 4)).toEqual([[0], [1]]);
    expect(partition([], 3)).toEqual([]);
  });

  it('spreads every lesson once over the days with each day\'s minutes, in the course\'s order', () => {
    const plan = offlinePlan(material('zh'), { days: 3, lang: 'zh' });
    expect(plan).toContain('《提示词写作实战》学习计划：共 5 节课，约 80 分钟，分 3 天学完');
    expect(plan).toContain('第 1 天（约 12 分钟）');
    expect(plan).toContain('第 3 天（约 35 分钟）');
    expect(plan).not.toContain('第 4 天');
    const order = LESSONS.map(([, title]) => plan.indexOf(` · ${title}（`));
    expect(order.every((at) => at > 0)).toBe(true);
    expect([...order].sort((a, b) => a - b)).toEqual(order);
  });

  it('makes days beyond the last lesson review days, in English too', () => {
    const plan = offlinePlan(material('en'), { days: 7, lang: 'en' });
    expect(plan).toContain('Study plan for "提示词写作实战": 5 lessons, about 80 minutes, over 7 days');
    expect(plan).toContain('Day 6 (review)');
    expect(plan).toContain('Day 7 (review)');
  });

  it('says plainly when the course has no chapter list', () => {
    expect(offlinePlan([COURSE], { days: 5, lang: 'zh' })).toContain('还没有章节目录');
  });

  it('is the same for the same input', () => {
    expect(offlineApplication({ kind: 'plan', days: 4 }, material('zh'), 'zh')).toBe(offlinePlan(material('zh'), { days: 4, lang: 'zh' }));
  });
});

describe('offline quiz', () => {
  it('finds the help\'s repeated and marked terms', () => {
    const sentences = HELP.flatMap((p) => p.text.split(/(?<=[。！？])/u).map((text) => ({ text, source: p.title })));
    const terms = keyTerms(sentences);
    expect(terms).toContain('AI 服务设置');
    expect(terms).toContain('帮助文章');
  });

  it('blanks a key term of a real sentence, with the answer and the sentence as explanation', () => {
    const questions = makeQuiz(HELP, 6);
    expect(questions).toHaveLength(6);
    for (const q of questions) {
      expect(q.stem).toContain('____');
      const answer = q.type === 'single' ? q.options['ABCD'.indexOf(q.answer)]! : q.answer;
      const sentence = q.stem.replace('____', answer);
      expect(HELP.some((p) => p.text.includes(sentence))).toBe(true);
      expect(q.explanation).toContain(sentence);
    }
  });

  it('gives single choices four different options of the same script, the answer among them', () => {
    const singles = makeQuiz(HELP, 6).filter((q) => q.type === 'single');
    expect(singles.length).toBeGreaterThanOrEqual(2);
    for (const q of singles) {
      expect(new Set(q.options).size).toBe(4);
      expect('ABCD'.includes(q.answer)).toBe(true);
      expect(q.options.every((o) => /[\u4e00-\u9fff]/u.test(o))).toBe(true);
    }
  });

  it('reads its own text back to the same questions, and is deterministic', () => {
    const questions = makeQuiz(HELP, 5);
    expect(parseQuiz(quizText(questions, 'zh'))).toEqual(questions);
    expect(parseQuiz(quizText(questions, 'en'))).toEqual(questions);
    expect(offlineQuiz(HELP, { count: 5, lang: 'zh' })).toBe(offlineQuiz(HELP, { count: 5, lang: 'zh' }));
  });

  it('says why when the material has too little text, and that reads as no question', () => {
    const text = offlineQuiz([COURSE], { count: 3, lang: 'zh' });
    expect(text).toContain('文字太少');
    expect(parseQuiz(text)).toEqual([]);
  });

  it('parses a provider\'s fenced JSON, answers given as letters or option text', () => {
    const json = '好的：\n```json\n{"questions":[{"type":"single","stem":"Q1 ____","options":["A. x","B. y","C. z"],"answer":"y","explanation":"e"},{"stem":"Q2 ____","answer":"w"},{"stem":"bad","options":["a","b"],"answer":"E"}]}\n```';
    expect(parseQuiz(json)).toEqual([
      { type: 'single', stem: 'Q1 ____', options: ['x', 'y', 'z'], answer: 'B', explanation: 'e' },
      { type: 'cloze', stem: 'Q2 ____', options: [], answer: 'w', explanation: '' },
    ]);
  });
});
