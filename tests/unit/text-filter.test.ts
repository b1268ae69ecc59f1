// spec shell §5 "Text filter" and §9: removes special symbols, brackets and emoji; notice 1.2 s,
// at most once every 5 s.
import { act, fireEvent, render, screen } from '@testing-library/react';
import { createElement } from 'react';
import { describe, expect, it, vi } from 'vitest';
import { createTextFilter, filterNoticeText, filterText, NOTICE_SECONDS, NOTICE_THROTTLE_MS, useFilteredInput } from '../../src/lib/text-filter';

describe('filterText', () => {
  it('keeps CJK, letters, digits, spaces and ordinary punctuation untouched', () => {
    const text = '你好，世界！Hello, world. Is it 2026? a-b_c@d.com 约翰·史密斯：“好”、‘行’；C++ 50% x/y #tag…—\n第二行\u3000完';
    expect(filterText(text)).toEqual({ text, removed: false });
  });

  it('keeps letters of other scripts with their combining marks', () => {
    for (const text of ['café naïve', 'cafe\u0301', 'Привет', 'مرحبا', 'สวัสดี', 'こんにちは カタカナ']) {
      expect(filterText(text)).toEqual({ text, removed: false });
    }
  });

  it('removes ASCII and full-width brackets', () => {
    expect(filterText('a(b)[c]{d}<e>')).toEqual({ text: 'abcde', removed: true });
    expect(filterText('（中）【文】《书》「引」『号』〈甲〉〔乙〕［丙］｛丁｝').text).toBe('中文书引号甲乙丙丁');
  });

  it('removes special symbols', () => {
    expect(filterText('a`b~c^d*e=f|g\\h$i～j￥k©l™m°n').text).toBe('abcdefghijklmn');
  });

  it('removes emoji, including skin tones, ZWJ sequences, variation selectors, keycaps and flags', () => {
    expect(filterText('好😀👍🏽👨‍👩‍👧❤️🇨🇳').text).toBe('好');
    // The digit of a keycap emoji is a digit and stays; its selector and enclosing mark go.
    expect(filterText('1️⃣').text).toBe('1');
    expect(filterText('a\uFE0Eb\uFE0Fc').text).toBe('abc');
  });

  it('removes control characters and number symbols that are not decimal digits', () => {
    expect(filterText('a\u0000b\u200Bc①½').text).toBe('abc');
  });

  it('reads null and undefined as empty text', () => {
    expect(filterText(null)).toEqual({ text: '', removed: false });
    expect(filterText(undefined)).toEqual({ text: '', removed: false });
  });
});

describe('createTextFilter', () => {
  const setup = (language = 'zh') => {
    let clock = 1_000_000;
    const notify = vi.fn();
    const filter = createTextFilter({ now: () => clock, notify, language: () => language });
    return { filter, notify, advance: (ms: number) => (clock += ms) };
  };

  it('shows 暂不支持部分特殊符号 for 1.2 s when something was removed', () => {
    const { filter, notify } = setup();
    expect(filter('a(b)')).toEqual({ text: 'ab', removed: true });
    expect(NOTICE_SECONDS).toBe(1.2);
    expect(notify).toHaveBeenCalledExactlyOnceWith('暂不支持部分特殊符号', 1.2);
  });

  it('shows nothing when nothing was removed', () => {
    const { filter, notify } = setup();
    filter('普通文字, plain text.');
    expect(notify).not.toHaveBeenCalled();
  });

  it('shows the notice at most once every 5 s', () => {
    const { filter, notify, advance } = setup();
    expect(NOTICE_THROTTLE_MS).toBe(5000);
    filter('#1 (x)');
    advance(4999);
    filter('(y)');
    expect(notify).toHaveBeenCalledTimes(1);
    advance(1);
    filter('(z)');
    expect(notify).toHaveBeenCalledTimes(2);
    // The 5 s count from the last notice shown, not from the last removal.
    advance(3000);
    filter('(w)');
    advance(1999);
    filter('(v)');
    expect(notify).toHaveBeenCalledTimes(2);
  });

  it('keeps a separate throttle per filter', () => {
    const a = setup();
    const b = setup();
    a.filter('(x)');
    b.filter('(x)');
    expect(a.notify).toHaveBeenCalledTimes(1);
    expect(b.notify).toHaveBeenCalledTimes(1);
  });

  it('speaks English when the language is en', () => {
    const { filter, notify } = setup('en');
    filter('(x)');
    expect(notify).toHaveBeenCalledWith('Some special symbols are not supported', 1.2);
    expect(filterNoticeText(undefined)).toBe('暂不支持部分特殊符号');
  });
});

describe('useFilteredInput', () => {
  function Field({ filter }: { filter: ReturnType<typeof createTextFilter> }) {
    const { value, inputProps } = useFilteredInput('初始(值)', filter);
    return createElement('div', null, createElement('input', { 'aria-label': 'field', ...inputProps }), createElement('output', null, value));
  }

  it('filters the initial value and typed text, and puts the caret after the kept text', () => {
    const notify = vi.fn();
    render(createElement(Field, { filter: createTextFilter({ now: () => 0, notify, language: () => 'zh' }) }));
    const input = screen.getByLabelText<HTMLInputElement>('field');
    expect(input.value).toBe('初始值');
    input.focus();
    // Typing "(" between 初始 and 值: the text is unchanged and the caret stays after 初始.
    fireEvent.change(input, { target: { value: '初始(值', selectionStart: 3, selectionEnd: 3 } });
    expect(input.value).toBe('初始值');
    expect(input.selectionStart).toBe(2);
    expect(notify).toHaveBeenCalledTimes(1);
  });

  it('leaves IME composition alone and filters the committed text', () => {
    const notify = vi.fn();
    render(createElement(Field, { filter: createTextFilter({ now: () => 0, notify, language: () => 'zh' }) }));
    const input = screen.getByLabelText<HTMLInputElement>('field');
    fireEvent.compositionStart(input);
    fireEvent.change(input, { target: { value: '初始值ni\'hao' } });
    expect(input.value).toBe("初始值ni'hao");
    act(() => {
      input.value = '初始值你好😀';
      fireEvent.compositionEnd(input);
    });
    expect(input.value).toBe('初始值你好');
    expect(screen.getByText('初始值你好')).toBeInTheDocument();
  });
});
