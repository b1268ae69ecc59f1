// The assistant's text handling (server/modules/cm/robot-retrieval.ts, robot-answer.ts): the terms a
// question is searched by, the readable lines of a help document, the short answer built from them
// and the provider settings read from the environment.
import { describe, expect, it } from 'vitest';
import { retrievalAnswer, shortText } from '../../server/modules/cm/robot-answer';
import { providerFromEnv } from '../../server/modules/cm/robot-provider';
import { htmlToLines, questionTerms } from '../../server/modules/cm/robot-retrieval';

describe('question terms', () => {
  it('splits Chinese into two-character pieces and drops the asking words', () => {
    expect(questionTerms('如何修改登录密码？')).toEqual(['何修', '修改', '改登', '登录', '录密', '密码']);
    expect(questionTerms('怎么办？')).toEqual([]);
  });

  it('keeps Latin words whole, lower-cased and full-width folded, without stop words or single letters', () => {
    expect(questionTerms('How do I change my PASSWORD? Ｅｘｃｅｌ a')).toEqual(['change', 'password', 'excel']);
    expect(questionTerms('Excel 数据')).toEqual(['excel', '数据']);
  });

  it('gives nothing to search for punctuation only', () => {
    expect(questionTerms('？？！…')).toEqual([]);
  });
});

describe('help document lines', () => {
  it('keeps paragraphs, numbers ordered steps and bullets unordered ones, and decodes entities', () => {
    const html = '<p>为了账号安全，&nbsp;建议修改密码。</p><ol><li>点击<strong>账号安全</strong>。</li><li>输入 &lt;新密码&gt;。</li></ol><ul><li>电话</li></ul><script>alert(1)</script>';
    expect(htmlToLines(html)).toEqual(['为了账号安全， 建议修改密码。', '1. 点击账号安全。', '2. 输入 <新密码>。', '• 电话']);
  });
});

describe('the retrieval answer', () => {
  const help = { id: 5, title: '如何修改登录密码', score: 3, lines: ['第一段。', '1. 第一步。', '2. 第二步。'] };

  it('quotes whole lines of the article and names it', () => {
    const { answer, links } = retrievalAnswer({ help, links: [{ kind: 'help', id: 5, title: '如何修改登录密码', purpose: null }] }, 'zh');
    expect(answer).toBe('根据帮助文章《如何修改登录密码》：\n第一段。\n1. 第一步。\n2. 第二步。');
    expect(links).toHaveLength(1);
  });

  it('stops at a whole line when the article is long, and points to the article', () => {
    const long = { ...help, lines: ['甲'.repeat(200), '乙'.repeat(200)] };
    expect(shortText(long)).toEqual({ text: '甲'.repeat(200), cut: true });
    expect(retrievalAnswer({ help: long, links: [] }, 'en').answer.endsWith('The full steps are in the help article linked below.')).toBe(true);
    // A first line longer than the limit is cut at a sentence end.
    expect(shortText({ ...help, lines: [`${'丙'.repeat(200)}。${'丁'.repeat(300)}`] }).text).toBe(`${'丙'.repeat(200)}。`);
  });

  it('says honestly that nothing was found, with the help center', () => {
    expect(retrievalAnswer({ help: null, links: [] }, 'en')).toEqual({
      answer: expect.stringContaining('could not find'), links: [{ kind: 'helpCenter', id: null, title: 'Help center', purpose: null }],
    });
  });
});

describe('provider settings', () => {
  it('are off without an http(s) base, and read key, model, a capped timeout and the token cap otherwise', () => {
    expect(providerFromEnv({})).toBeNull();
    expect(providerFromEnv({ AI_API_BASE: 'file:///etc/passwd' })).toBeNull();
    expect(providerFromEnv({ AI_API_BASE: 'https://api.example.com/v1/' })).toEqual({ base: 'https://api.example.com/v1', key: null, model: 'gpt-4o-mini', timeoutMs: 20_000, maxTokens: 1024 });
    expect(providerFromEnv({ AI_API_BASE: 'http://127.0.0.1:9/v1', AI_API_KEY: ' k ', AI_MODEL: 'm', AI_TIMEOUT_MS: '999999', AI_MAX_TOKENS: '300' }))
      .toEqual({ base: 'http://127.0.0.1:9/v1', key: 'k', model: 'm', timeoutMs: 120_000, maxTokens: 300 });
  });
});
