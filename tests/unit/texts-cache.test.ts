import { describe, expect, test } from 'vitest';
import { i18n } from '../../src/i18n/i18n';
import { defineTexts, textsIn } from '../../src/i18n/texts';

describe('texts without variables are remembered, and forgotten when texts change', () => {
  const TEXTS = defineTexts('cache-test', { zh: { hello: '你好' }, en: { hello: 'Hello' } });

  test('a text added or changed later is what the next call returns (a stale remembered text would hide it)', () => {
    expect(textsIn(TEXTS, 'en')('hello')).toBe('Hello');
    i18n.addResource('en', 'cache-test', 'hello', 'Hi there');
    expect(textsIn(TEXTS, 'en')('hello')).toBe('Hi there');
    i18n.addResourceBundle('en', 'cache-test', { hello: 'Hello again' }, true, true);
    expect(textsIn(TEXTS, 'en')('hello')).toBe('Hello again');
  });

  test('the app language follows a language change', async () => {
    // Texts of its own: the test above changes TEXTS' English, and tests may run in any order.
    const t = textsIn(defineTexts('cache-test-language', { zh: { hello: '你好' }, en: { hello: 'Hello' } }));
    const before = i18n.language;
    await i18n.changeLanguage('zh');
    expect(t('hello')).toBe('你好');
    await i18n.changeLanguage('en');
    expect(t('hello')).toBe('Hello');
    await i18n.changeLanguage(before);
  });
});
