// The pure pieces under the offline answers (docs/ai.md B): the tokens both a passage and a question
// are cut into (CJK bigrams, Latin words), the tsvector and tsquery literals, the phrase share, how an
// item's text is cut into passages and the path each kind opens.
import { describe, expect, it } from 'vitest';
import { aboutTerms, anyTermQuery, normalWord, phraseShare, queryTokens, textTokens, tsvectorLiteral } from '../../server/lib/ai/tokens';
import { cutPassages, itemLink, PASSAGE_MAX, PASSAGES_PER_ITEM } from '../../server/modules/cm/ai-index-passages';
import { questionTerms } from '../../server/modules/cm/robot-retrieval';

describe('tokens', () => {
  it('cuts CJK runs into bigrams and Latin text into words, repeats kept, in order', () => {
    expect(textTokens('学习 Python 课程，学习')).toEqual(['学习', 'python', '课程', '学习']);
    expect(textTokens('数据分析')).toEqual(['数据', '据分', '分析']);
    expect(textTokens('云 a B2')).toEqual(['云', 'b2']);
  });

  it('meets plural and singular English words on the same lexeme, and leaves words that only look plural', () => {
    expect(['courses', 'classes', 'studies', 'class', 'status', 'analysis', 'bus', 'css3'].map(normalWord))
      .toEqual(['course', 'class', 'study', 'class', 'status', 'analysis', 'bus', 'css3']);
  });

  it('asks with the question\'s terms minus the asking words, through robot-retrieval\'s questionTerms', () => {
    expect(questionTerms('如何修改登录密码？')).toEqual(['何修', '修改', '改登', '登录', '录密', '密码']);
    expect(queryTokens('How do I change my passwords?')).toEqual(['change', 'password']);
    expect(queryTokens('怎么办？')).toEqual([]);
  });

  it('keeps what a question is about: no kind words, no bigram bridging two asking or kind pieces', () => {
    const kind = (t: string) => ['课程', '考试', 'course', 'exam'].includes(t);
    expect(aboutTerms('有哪些考试', kind)).toEqual([]);
    expect(aboutTerms('有哪些Python课程', kind)).toEqual(['python']);
    // A name the index lacks stays (its pieces are what the learner asked about)…
    expect(aboutTerms('量子纠缠入门', kind, () => false)).toEqual(['量子', '子纠', '纠缠', '缠入', '入门']);
    // …but an unknown piece leaning on an asking word goes: 些电 is not a word.
    const known = (t: string) => t !== '些电';
    expect(aboutTerms('有哪些电子书', kind, known)).toEqual(['电子', '子书']);
    expect(aboutTerms('Is there an exam about security?', kind)).toEqual(['security']);
  });

  it('writes the title\'s positions with weight A and the body\'s without (D), quotes escaped', () => {
    expect(tsvectorLiteral('Python 入门', 'python 基础')).toBe("'python':1A,4 '入门':2A '基础':5");
    expect(anyTermQuery(['python', '入门'])).toBe("'python' | '入门'");
    expect(anyTermQuery([])).toBeNull();
  });

  it('measures how much of the question\'s Chinese a text holds as phrases of three characters or more', () => {
    expect(phraseShare('账号安全在哪', '为了账号安全，建议修改密码')).toBeCloseTo(4 / 6);
    expect(phraseShare('账号安全在哪', '账号一般是工号；安全出口在一楼')).toBe(0);
    expect(phraseShare('python', 'python')).toBe(0);
  });
});

describe('passages', () => {
  it('joins short paragraphs up to the target and never passes the maximum', () => {
    const paragraphs = Array.from({ length: 30 }, (_, i) => `第${i + 1}段：${'内容'.repeat(40)}`);
    const passages = cutPassages(paragraphs);
    expect(passages.length).toBeLessThanOrEqual(PASSAGES_PER_ITEM);
    for (const p of passages) expect(p.length).toBeLessThanOrEqual(PASSAGE_MAX);
    expect(passages[0]).toContain('第1段');
  });

  it('splits a long paragraph on its sentences, and a sentence longer than the maximum at the maximum', () => {
    const sentence = `${'这是一句话'.repeat(10)}。`;
    const passages = cutPassages([sentence.repeat(20)]);
    expect(passages.every((p) => p.length <= PASSAGE_MAX && p.endsWith('。'))).toBe(true);
    const run = cutPassages(['字'.repeat(1000)]);
    expect(run.map((p) => p.length)).toEqual([400, 400, 200]);
  });

  it('gives an item with no text one empty passage, so its title still finds it', () => {
    expect(cutPassages([null, '  ', undefined])).toEqual(['']);
  });

  it('opens each kind where the portal\'s link rules do', () => {
    expect(itemLink('course', 5)).toBe('/course/detail/5');
    expect(itemLink('subject', 5)).toBe('/subject/detail/5');
    expect(itemLink('exam', 5)).toBe('/exam/detail/5');
    expect(itemLink('help', 5)).toBe('/helpCenter?purpose=99&id=5');
    expect(itemLink('product', 5, { productType: 1 })).toBe('/product/detail/5');
    expect(itemLink('product', 5, { productType: 9 })).toBe('/sub_shop/noval/5');
    expect(itemLink('content', 5, { purpose: 2 })).toBe('/knowledge/detail/5?purpose=2');
    expect(itemLink('content', 5, { purpose: 6 })).toBe('/content/noval/5?purpose=6');
    expect(itemLink('content', 5, { purpose: 3 })).toBe('/sub_cm/content/detail?id=5&purpose=3');
  });
});
