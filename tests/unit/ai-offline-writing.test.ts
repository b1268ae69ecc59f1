// The writing help's offline tasks (issue 21 part E; server/lib/ai/offline-writing.ts) on real seed
// text: the AI tenant's help articles, read as the assistant reads them (htmlToLines).
import { describe, expect, it } from 'vitest';
import { AI_HELP_BODIES } from '../../server/demo/seed-help-ai';
import { htmlToLines } from '../../server/modules/cm/robot-retrieval';
import { headingOf, offlineWriting, outline, rewrite, splitSentences, summarize, textLang } from '../../server/lib/ai/offline-writing';

/** The AI tenant's help as one document: each title a line of its own, then its lines. */
const HELP = Object.entries(AI_HELP_BODIES).map(([title, html]) => [title, ...htmlToLines(html)].join('\n')).join('\n');
const chars = (s: string) => [...s].length;

const ENGLISH = [
  'Spaced practice',
  'Spaced practice means studying a topic in several short sessions spread over days. It beats one long session before the exam. Learners who space their practice remember more after a month.',
  'Why it works',
  'Each return to a topic makes the learner recall it, and recall strengthens memory. Forgetting a little between sessions makes the next recall harder and so more useful. Version 3.5 of the planner schedules this for you.',
  'How to start',
  'Pick one course and plan three short sessions this week. Review your notes at the start of each session. Keep each session under thirty minutes.',
].join('\n');

describe('offline writing: sentences and headings', () => {
  it('splits Chinese on 。！？； and English on . ! ? followed by a space, not inside 3.5', () => {
    expect(splitSentences('先登录。再提问！可以吗？好；结束')).toEqual(['先登录。', '再提问！', '可以吗？', '好；', '结束']);
    expect(splitSentences('Version 3.5 is out. Try it! Why? Because.')).toEqual(['Version 3.5 is out.', 'Try it!', 'Why?', 'Because.']);
  });

  it('reads short unpunctuated lines, markdown and 第…章 as headings and sentences as not', () => {
    expect(headingOf('对话记录保存在哪里')).toBe('对话记录保存在哪里');
    expect(headingOf('## Why it works')).toBe('Why it works');
    expect(headingOf('第二章 复习方法')).toBe('第二章 复习方法');
    expect(headingOf('登录后，你和 AI 学伴的每一次对话都会自动保存。')).toBeNull();
  });

  it('tells Chinese from English', () => {
    expect(textLang(HELP)).toBe('zh');
    expect(textLang(ENGLISH)).toBe('en');
  });
});

describe('offline writing: outline', () => {
  it('numbers the seed help\'s titles with their key sentences under them', () => {
    const result = outline(HELP);
    const lines = result.split('\n');
    const titles = Object.keys(AI_HELP_BODIES);
    titles.forEach((title, i) => expect(lines).toContain(`${i + 1}. ${title}`));
    // Every sub-point is a sentence of the text itself.
    const subs = lines.filter((l) => /^\s+\d+\.\d+ /.test(l)).map((l) => l.replace(/^\s+\d+\.\d+ /, ''));
    expect(subs.length).toBeGreaterThanOrEqual(titles.length);
    for (const sub of subs) expect(HELP).toContain(sub);
  });

  it('outlines English by its headings', () => {
    expect(outline(ENGLISH).split('\n').filter((l) => /^\d+\. /.test(l))).toEqual(['1. Spaced practice', '2. Why it works', '3. How to start']);
  });
});

describe('offline writing: summary', () => {
  it('picks the help\'s own sentences, about a fifth of its length, in order', () => {
    const summary = summarize(HELP);
    expect(chars(summary)).toBeGreaterThan(chars(HELP) * 0.1);
    expect(chars(summary)).toBeLessThan(chars(HELP) * 0.35);
    const picked = splitSentences(summary);
    let at = -1;
    for (const sentence of picked) {
      const found = HELP.indexOf(sentence);
      expect(found).toBeGreaterThan(at);
      at = found;
    }
  });

  it('keeps the sentence the English text is about (its first, most central one)', () => {
    expect(summarize(ENGLISH)).toContain('Spaced practice means studying a topic in several short sessions spread over days.');
  });
});

describe('offline writing: rewrite', () => {
  it('concise compresses to about half without a note', () => {
    const result = rewrite(HELP, 'concise', 'zh');
    expect(result.note).toBeNull();
    expect(chars(result.text)).toBeLessThan(chars(HELP) * 0.7);
    expect(chars(result.text)).toBeGreaterThan(chars(HELP) * 0.3);
  });

  it('formal and plain say they need the provider and still give the concise version', () => {
    const formal = offlineWriting({ kind: 'rewrite', tone: 'formal' }, HELP, 'zh');
    expect(formal.note).toContain('AI 服务设置');
    expect(formal.text).toBe(rewrite(HELP, 'concise').text);
    expect(offlineWriting({ kind: 'rewrite', tone: 'plain' }, ENGLISH, 'en').note).toContain('AI service settings');
  });
});

describe('offline writing: numbering', () => {
  it('does not repeat the text\'s own numbers in the outline (a course\'s "1.1 整理知识点" stays one number)', () => {
    const course = ['第1章', '1.1 整理知识点：用 AI 整理知识点，但不依赖它。', '1.2 生成练习题：让 AI 出几道练习题。', '第2章', '2.1 检查错题：把错题交给 AI 讲解。'].join('\n');
    const lines = outline(course).split('\n');
    expect(lines).toContain('   1.1 整理知识点：用 AI 整理知识点，但不依赖它。');
    expect(lines.some((l) => /\d\.\d \d\.\d/.test(l))).toBe(false);
  });
});

