// The offline default's answer (server/lib/ai/offline-answer.ts, docs/ai.md B): the most relevant
// sentences of the retrieved passages with their sources, then the related links; honest when
// nothing matched; no item twice; bounded in length; in the asker's language.
import { describe, expect, it } from 'vitest';
import { composeAnswer, FALLBACK_LINKS, kindHints, MAX_ANSWER } from '../../server/lib/ai/offline-answer';
import type { Passage } from '../../server/lib/ai/types';

const passage = (p: Partial<Passage> & Pick<Passage, 'kind' | 'refId' | 'title' | 'text'>): Passage => ({
  link: p.kind === 'course' ? `/course/detail/${p.refId}` : p.kind === 'help' ? `/helpCenter?purpose=99&id=${p.refId}` : `/exam/detail/${p.refId}`,
  score: 1, ...p,
});

const password = passage({
  kind: 'help', refId: 7, title: '如何修改登录密码',
  text: '为了账号安全，建议每三个月修改一次登录密码。\n1. 登录后点击右上角头像，选择账号安全。\n2. 输入新密码两次：8 到 16 位，需同时包含字母和数字。\n修改成功后，其他设备上的登录会失效。',
});
const python = passage({ kind: 'course', refId: 12, title: 'Python 数据分析入门', text: '用 Python 和 pandas 读取表格、清洗数据、画出图表。\n第1章 环境准备 · 第2章 pandas 基础' });
const exam = passage({ kind: 'exam', refId: 3, title: 'Python 基础测验', text: '二十道题，检验 Python 语法与常用库。' });

describe('composeAnswer', () => {
  it('quotes the sentences that share the question\'s words, each followed by its source, then the related links', () => {
    const a = composeAnswer('怎么修改登录密码？', [password], 'zh');
    expect(a.text.startsWith('根据本站的资料：')).toBe(true);
    // The best source gives up to four sentences with the question's pieces (a how-to's steps), in their own order, list numbers dropped.
    expect(a.text).toContain('为了账号安全，建议每三个月修改一次登录密码。登录后点击右上角头像，选择账号安全。输入新密码两次：8 到 16 位，需同时包含字母和数字。修改成功后，其他设备上的登录会失效。（来源：《如何修改登录密码》）');
    expect(a.text).not.toContain('1. ');
    expect(a.text.endsWith('相关链接：《如何修改登录密码》')).toBe(true);
    expect(a.links).toEqual([{ title: '如何修改登录密码', path: '/helpCenter?purpose=99&id=7' }]);
  });

  it('puts the course link first for a course question, whatever the ranking', () => {
    const a = composeAnswer('有没有学 Python 的课程', [exam, password, python], 'zh');
    expect(a.links[0]).toEqual({ title: 'Python 数据分析入门', path: '/course/detail/12' });
    expect(a.text.indexOf('《Python 数据分析入门》')).toBeLessThan(a.text.indexOf('《Python 基础测验》'));
    // An exam question puts the exam first.
    expect(composeAnswer('Python 考试在哪', [python, exam], 'zh').links[0]!.path).toBe('/exam/detail/3');
  });

  it('takes up to four sentences from the best source and two from each other one', () => {
    const steps = (refId: number, title: string, verb: string) => passage({ kind: 'help', refId, title, text: ['一', '二', '三', '四', '五'].map((n) => `第${n}步：${verb} Python 环境。`).join('\n') });
    const a = composeAnswer('Python 环境', [steps(1, '安装指南', '打开'), steps(2, '配置指南', '配置')], 'zh');
    const [, first, second] = a.text.split('\n\n');
    expect(first!.match(/第.步/g)).toEqual(['第一步', '第二步', '第三步', '第四步']);
    expect(second).toBe('第一步：配置 Python 环境。第二步：配置 Python 环境。（来源：《配置指南》）');
  });

  it('lists an item once however many of its passages came back, and never repeats a sentence', () => {
    const second = { ...python, text: '第3章 可视化：用 Python 画出折线图和柱状图。', score: 0.8 };
    const a = composeAnswer('Python 入门', [python, second, { ...python }], 'zh');
    expect(a.links).toEqual([{ title: 'Python 数据分析入门', path: '/course/detail/12' }]);
    expect(a.text.split('（来源：《Python 数据分析入门》）').length - 1).toBe(1);
    const sentences = a.text.split('\n\n');
    expect(new Set(sentences).size).toBe(sentences.length);
  });

  it('stays under its length bound with many long passages, and lists at most five links', () => {
    const long = Array.from({ length: 10 }, (_, i) => passage({
      kind: 'course', refId: 100 + i, title: `Python 进阶第${i + 1}讲`,
      text: `Python ${'很长的句子讲解装饰器与生成器的用法'.repeat(12)}。Python 第二句也很长${'并且包含许多细节'.repeat(10)}。`,
    }));
    const a = composeAnswer('Python 装饰器', long, 'zh');
    expect(a.text.length).toBeLessThanOrEqual(MAX_ANSWER);
    expect(a.links).toHaveLength(5);
    expect(a.text).toContain('…');
  });

  it('answers in English on an English question and keeps Chinese out of its own words', () => {
    const help = passage({ kind: 'help', refId: 9, title: 'How do I change my password?', text: 'We recommend changing your password every three months.\n1. Sign in and open Account security.\n2. Enter the new password twice.' });
    const a = composeAnswer('How can I change my password', [help], 'en');
    expect(a.text).toBe([
      "From this site's material:",
      'We recommend changing your password every three months. Enter the new password twice. (Source: How do I change my password?)',
      'Related links: How do I change my password?',
    ].join('\n\n'));
    expect(a.text).not.toMatch(/[\u3400-\u9fff]/u);
  });

  it('says honestly that nothing matched and points to the course list and the help center', () => {
    const zh = composeAnswer('量子纠缠怎么学', [], 'zh');
    expect(zh.text).toContain('没有在本站的课程、资料和帮助中找到与「量子纠缠怎么学」相关的内容');
    expect(zh.links).toEqual(FALLBACK_LINKS.zh);
    expect(zh.links.map((l) => l.path)).toEqual(['/course', '/helpCenter?purpose=99']);
    const en = composeAnswer('quantum entanglement', [], 'en');
    expect(en.text).toContain('Nothing in this site\'s courses, materials or help matches "quantum entanglement"');
    expect(en.text).not.toMatch(/[\u3400-\u9fff]/u);
    expect(en.links).toEqual(FALLBACK_LINKS.en);
    // A very long question is shortened in the message.
    expect(composeAnswer('很'.repeat(300), [], 'zh').text.length).toBeLessThan(120);
  });

  it('asks for a question when there is none', () => {
    expect(composeAnswer('   ', [python], 'zh')).toEqual({ text: '请先输入你的问题。', links: [] });
  });

  it('quotes prose, not a passage\'s teacher, labels or outline lines, unless it has nothing else', () => {
    const course = passage({ kind: 'course', refId: 37, title: 'AI学伴入门：十分钟学会提问', text: '从第一次提问开始，学会和 AI 学伴高效对话。\n林知远\nAI\n第1章 · 1.1 AI 能做什么 · 1.2 第一次提问' });
    expect(composeAnswer('AI 入门', [course], 'zh').text).toContain('\n从第一次提问开始，学会和 AI 学伴高效对话。（来源：《AI学伴入门：十分钟学会提问》）\n');
    const bare = passage({ kind: 'course', refId: 38, title: 'AI 速览', text: '林知远\nAI' });
    expect(composeAnswer('AI 速览', [bare], 'zh').text).toContain('\n\nAI（来源：《AI 速览》）');
  });

  it('names an item found by its title alone by its opening sentence', () => {
    const a = composeAnswer('Python 基础测验', [exam], 'zh');
    expect(a.text).toContain('二十道题，检验 Python 语法与常用库。（来源：《Python 基础测验》）');
  });
});

describe('kindHints', () => {
  it('reads the kinds a question names', () => {
    expect(kindHints('哪门课程讲 Python')).toEqual(['course']);
    expect(kindHints('Is there an exam on React?')).toEqual(['exam']);
    expect(kindHints('如何修改密码')).toEqual(['help']);
    expect(kindHints('Python')).toEqual([]);
    // 证书 is not a book, nor 课表 a course.
    expect(kindHints('证书在哪里查看')).toEqual(['help']);
    expect(kindHints('如何查看课表')).toEqual(['help']);
    expect(kindHints('有什么好看的电子书')).toEqual(['content']);
  });
});
