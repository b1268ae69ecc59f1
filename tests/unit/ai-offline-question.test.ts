import { describe, expect, test } from 'vitest';
import { offlineText } from '../../server/lib/ai/offline';
import { composeAnswer } from '../../server/lib/ai/offline-answer';
import type { Passage } from '../../server/lib/ai/types';

// The offline answer reads the question, not the user turn the chat builds for an HTTP provider
// (资料：<every passage> 问题：<question>): with the turn as the question, every sentence of the
// material matched, and answers quoted a teacher's name and labels (found in Chromium, issue 21 B).

const material: Passage[] = [
  { kind: 'help', refId: 1, title: '如何删除对话记录', text: '在“我的对话”中选中对话，点击删除即可，对话及其全部消息会被永久删除。', link: '/helpCenter?id=1&purpose=99', score: 3 },
  { kind: 'course', refId: 2, title: 'React 入门', text: '讲师 Nina Rossi。必修课程，循序渐进讲解组件与状态。', link: '/course/detail/2', score: 1 },
];
const turn = `资料：\n${material.map((p) => `${p.title}：${p.text}`).join('\n')}\n\n问题：对话记录怎么删除？`;

describe('offline answer question', () => {
  test('answers the question passed as input, not the material the user turn carries', () => {
    // The user turn as the question picks other sentences (this test's reason to exist).
    expect(composeAnswer(turn, material, 'zh').text).not.toBe(composeAnswer('对话记录怎么删除？', material, 'zh').text);
    const text = offlineText({ messages: [{ role: 'user', content: turn }], task: { kind: 'answer' }, material, input: '对话记录怎么删除？', lang: 'zh' });
    expect(text).toBe(composeAnswer('对话记录怎么删除？', material, 'zh').text);
    expect(text).toContain('永久删除');
  });
});
