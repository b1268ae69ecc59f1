import { describe, expect, it } from 'vitest';
import { sanitizeRichText } from '../../src/runtime/rich-text';

const parse = (html: string) => {
  const div = document.createElement('div');
  div.innerHTML = html;
  return div;
};

describe('sanitizeRichText', () => {
  it('keeps ordinary formatting', () => {
    expect(sanitizeRichText('<p>Hello <b>world</b> <a href="https://example.com">link</a></p>'))
      .toBe('<p>Hello <b>world</b> <a href="https://example.com">link</a></p>');
  });

  it('removes scripts', () => {
    const out = sanitizeRichText('<p>a</p><script>alert(1)</script><svg><script>alert(2)</script></svg>');
    expect(out).not.toMatch(/script|alert/i);
    expect(out).toContain('<p>a</p>');
  });

  it('removes event handlers', () => {
    const out = sanitizeRichText('<img src="https://x.com/a.png" onerror="alert(1)"><div onclick="steal()" onmouseover="x()">t</div>');
    expect(out).not.toMatch(/onerror|onclick|onmouseover|alert|steal/);
    expect(parse(out).querySelector('img')?.getAttribute('src')).toBe('https://x.com/a.png');
  });

  it('removes javascript:, data: and other non-http(s) link targets', () => {
    const out = sanitizeRichText([
      '<a href="javascript:alert(1)">a</a>', '<a href="JaVaScRiPt:alert(1)">b</a>', '<a href="java&#x09;script:alert(1)">c</a>',
      '<a href="data:text/html,x">d</a>', '<a href="vbscript:x">e</a>', '<a href="mailto:a@b.c">f</a>',
    ].join(''));
    const anchors = [...parse(out).querySelectorAll('a')];
    expect(anchors).toHaveLength(6);
    for (const a of anchors) expect(a.hasAttribute('href')).toBe(false);
  });

  it('keeps relative and http(s) links', () => {
    const anchors = [...parse(sanitizeRichText('<a href="/study/course">1</a><a href="course/1">2</a><a href="#top">3</a><a href="http://x.com">4</a>')).querySelectorAll('a')];
    expect(anchors.map((a) => a.getAttribute('href'))).toEqual(['/study/course', 'course/1', '#top', 'http://x.com']);
  });

  it('removes frames, forms and style sheets', () => {
    const out = sanitizeRichText('<iframe src="https://evil.com"></iframe><form action="https://evil.com"><input name="p"></form><style>body{display:none}</style><p>ok</p>');
    expect(out).toBe('<p>ok</p>');
  });

  it('makes links that open a new tab drop the opener', () => {
    const a = parse(sanitizeRichText('<a href="https://x.com" target="_top">x</a>')).querySelector('a')!;
    expect(a.getAttribute('target')).toBe('_blank');
    expect(a.getAttribute('rel')).toBe('noopener noreferrer');
  });

  it('returns an empty string for nothing', () => {
    expect(sanitizeRichText(undefined)).toBe('');
    expect(sanitizeRichText('')).toBe('');
  });
});
