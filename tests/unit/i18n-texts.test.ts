// One i18n system (issue 14 point 3, docs/i18n.md): every texts module is an i18next namespace with
// an English text for each Chinese key, and counts use i18next's plurals instead of hand-built ones.
import { describe, expect, it } from 'vitest';
import { defineTexts, definedTexts, textsIn } from '../../src/i18n/texts';
import { widgetText } from '../../src/components/widget-texts';

// Every module that defines a namespace, loaded as its chunk would load it.
const modules = import.meta.glob(['../../src/features/**/*.{ts,tsx}', '../../src/components/**/*.{ts,tsx}', '../../src/services/**/*texts.ts', '../../src/lib/{relative-time,validators}.ts'], { eager: true });

describe('i18n namespaces', () => {
  it('loads every texts module', () => {
    expect(Object.keys(modules).length).toBeGreaterThan(20);
    expect([...definedTexts.keys()]).toEqual(expect.arrayContaining(['widgets', 'learning-course-detail', 'shop', 'center-my-exams', 'uploader', 'image-viewer', 'code-button']));
  });

  it('has an English text (or its plural forms) for every Chinese key of every namespace', () => {
    const missing: string[] = [];
    for (const [ns, tables] of definedTexts) {
      for (const { zh, en } of tables) {
        const english = en as Record<string, string>;
        for (const key of Object.keys(zh)) {
          const base = key.replace(/_(zero|one|two|few|many|other)$/, '');
          if (english[base] === undefined && english[`${base}_other`] === undefined) missing.push(`${ns}:${key}`);
        }
      }
    }
    expect(missing).toEqual([]);
  });

  it('refuses a second module giving a key of the same namespace another text', () => {
    defineTexts('test-clash', { zh: { a: '甲' }, en: { a: 'A' } });
    expect(() => defineTexts('test-clash', { zh: { a: '甲' }, en: { a: 'A' } })).not.toThrow();
    expect(() => defineTexts('test-clash', { zh: { a: '乙' }, en: { a: 'B' } })).toThrow(/test-clash/);
  });
});

describe('plurals', () => {
  it('reads "1 lesson" and "3 lessons" in English and 3课时 in Chinese (widgets)', () => {
    expect(widgetText('en', 'lessons', { n: 1 })).toBe('1 lesson');
    expect(widgetText('en', 'lessons', { n: 3 })).toBe('3 lessons');
    expect(widgetText('en', 'lessons', { n: 0 })).toBe('0 lessons');
    expect(widgetText('zh', 'lessons', { n: 1 })).toBe('1课时');
    expect(widgetText('zh', 'lessons', { n: 3 })).toBe('3课时');
  });

  it('says "1 attempt", not "1 attempts", on 我的考试 in English', () => {
    const ns = { ns: 'center-my-exams' };
    expect(textsIn(ns, 'en')('attempts', { n: 1 })).toBe('1 attempt');
    expect(textsIn(ns, 'en')('attempts', { n: 2 })).toBe('2 attempts');
    expect(textsIn(ns, 'zh')('attempts', { n: 1 })).toBe('已参加 1 次');
  });

  it('says "1 rating" through the plural forms instead of a separate ratingOne text', () => {
    const ns = { ns: 'learning-course-detail' };
    expect(textsIn(ns, 'en')('ratingCount', { n: 1 })).toBe('1 rating');
    expect(textsIn(ns, 'en')('ratingCount', { n: 12 })).toBe('12 ratings');
    expect(textsIn(ns, 'zh')('ratingCount', { n: 1 })).toBe('1人评分');
  });

  it('counts products, reviews and classes in English', () => {
    expect(textsIn({ ns: 'shop' }, 'en')('found', { n: 1 })).toBe('1 product');
    expect(textsIn({ ns: 'shop-product' }, 'en')('reviewCount', { n: 1 })).toBe('1 review');
    expect(textsIn({ ns: 'classes' }, 'en')('found', { n: 1 })).toBe('1 class');
    expect(textsIn({ ns: 'classes' }, 'en')('found', { n: 4 })).toBe('4 classes');
  });
});

describe('texts outside the features', () => {
  it('gives the validators\' messages in the active language, the spec\'s Chinese by default', async () => {
    const { checkMobile, checkConfirmPassword } = await import('../../src/lib/validators');
    const { i18n } = await import('../../src/i18n/i18n');
    expect(checkMobile('')).toBe('手机号不能为空');
    expect(checkConfirmPassword('a', 'b')).toBe('两次输入密码不一致!');
    await i18n.changeLanguage('en');
    try {
      expect(checkMobile('')).toBe('Enter your mobile number');
      expect(checkMobile('123')).toBe('Enter a valid mobile number');
    } finally {
      await i18n.changeLanguage('zh');
    }
  });

  it('reads relative times with i18next plurals ("1 day ago", "3 days ago")', async () => {
    const { relativeTime } = await import('../../src/lib/relative-time');
    const now = Date.UTC(2026, 5, 1);
    const ago = (days: number) => now - days * 86_400_000 - 1000;
    expect(relativeTime(ago(1), now, 'en')).toBe('1 day ago');
    expect(relativeTime(ago(3), now, 'en')).toBe('3 days ago');
    expect(relativeTime(ago(31), now, 'en')).toBe('1 month ago');
    expect(relativeTime(ago(61), now, 'en')).toBe('2 months ago');
    expect(relativeTime(ago(3), now, 'zh')).toBe('3天前');
  });
});
