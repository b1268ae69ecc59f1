import { describe, expect, it } from 'vitest';
import { buildTextPdf, cjkEms, pdfAscii, wrapCjk, wrapText } from '../../server/demo/pdf';

/** Checks the file's structure as a reader does: header, xref offsets, trailer and end marker. */
function checkStructure(bytes: Buffer) {
  const text = bytes.toString('latin1');
  expect(text.startsWith('%PDF-1.4\n')).toBe(true);
  expect(text.endsWith('%%EOF\n')).toBe(true);
  const startxref = Number(/startxref\n(\d+)\n%%EOF\n$/.exec(text)![1]);
  expect(text.slice(startxref, startxref + 5)).toBe('xref\n');
  const [, first, count] = /^xref\n(\d+) (\d+)\n/.exec(text.slice(startxref))!;
  expect(Number(first)).toBe(0);
  const entries = text.slice(startxref).split('\n').slice(2, 2 + Number(count));
  expect(entries[0]).toBe('0000000000 65535 f ');
  entries.slice(1).forEach((entry, i) => {
    expect(entry).toMatch(/^\d{10} 00000 n $/);
    const offset = Number(entry.slice(0, 10));
    expect(text.slice(offset, offset + `${i + 1} 0 obj`.length)).toBe(`${i + 1} 0 obj`);
  });
  expect(text).toMatch(new RegExp(`trailer\\n<< /Size ${count} /Root 1 0 R /Info \\d+ 0 R >>`));
  // Every stream's /Length is its byte length.
  for (const m of text.matchAll(/<< \/Length (\d+) >>\nstream\n/g)) {
    const start = m.index! + m[0].length;
    expect(text.slice(start + Number(m[1]), start + Number(m[1]) + '\nendstream'.length)).toBe('\nendstream');
  }
  return { text, count: Number(count) };
}

describe('buildTextPdf', () => {
  it('writes a PDF 1.4 whose xref offsets point at each "n 0 obj"', () => {
    const { bytes, pages } = buildTextPdf({ title: 'SQL in practice', subtitle: 'Study portal demo document', blocks: ['## Welcome', 'A paragraph.', '- one', '- two'] });
    expect(pages).toBe(1);
    const { text, count } = checkStructure(bytes);
    expect(count).toBe(8); // free entry, catalog, pages, two fonts, page, contents, info
    expect(text).toContain('/BaseFont /Helvetica ');
    expect(text).toContain('(SQL in practice) Tj');
    expect(text).toContain('(Study portal demo document) Tj');
  });

  it('breaks a long text over pages and lists each in the page tree', () => {
    const blocks = Array.from({ length: 40 }, (_, i) => `Paragraph ${i} ${'word '.repeat(40)}`);
    const { bytes, pages } = buildTextPdf({ title: 'Long', blocks });
    expect(pages).toBeGreaterThan(1);
    const { text } = checkStructure(bytes);
    expect(text).toContain(`/Count ${pages}`);
    expect(text.match(/\/Type \/Page /g)).toHaveLength(pages);
    expect(text).toContain(`(${pages} / ${pages}) Tj`);
  });

  it('escapes parentheses and backslashes and replaces characters the standard fonts lack', () => {
    const { bytes } = buildTextPdf({ title: 'Vue 3 操作手册 (v2) a\\b', blocks: [] });
    const { text } = checkStructure(bytes);
    expect(text).toContain('(Vue 3 ???? \\(v2\\) a\\\\b) Tj');
    expect(pdfAscii('“quoted” – dash')).toBe('"quoted" - dash');
  });

  it('wraps at spaces and splits words longer than a line', () => {
    expect(wrapText('aa bb cc', 5)).toEqual(['aa bb', 'cc']);
    expect(wrapText('abcdefgh', 3)).toEqual(['abc', 'def', 'gh']);
  });

  // Issue 13 point 10: a Chinese tenant's handouts were English, since Helvetica has no CJK glyphs.
  it('sets a Chinese document in the standard CJK font, not as question marks', () => {
    const hex = (text: string) => [...text].map((c) => c.codePointAt(0)!.toString(16).padStart(4, '0')).join('');
    const { bytes } = buildTextPdf({ title: '小程序开发·课程讲义', subtitle: '主讲：周杰', blocks: ['## 课程导学', '学习 SQL 之前，先弄清楚它要解决什么问题。', '- 要点'], script: 'cjk' });
    const { text } = checkStructure(bytes);
    expect(text).toContain('/BaseFont /STSong-Light /Encoding /UniGB-UCS2-H');
    expect(text).toContain('/Ordering (GB1)');
    expect(text).not.toContain('/FontFile'); // named, never embedded: the viewer brings the font
    expect(text).toContain(`<${hex('小程序开发·课程讲义')}> Tj`);
    expect(text).toContain(`<${hex('学习 SQL 之前，先弄清楚它要解决什么问题。')}> Tj`);
    expect(text).toContain(`/Title <feff${hex('小程序开发·课程讲义')}>`);
    expect(text).not.toMatch(/\(\?+/);
    // Body text after a heading is drawn plainly again (render mode 0).
    expect(text).toMatch(/14 Tf 2 Tr[^\n]*\nBT \/F1 11 Tf 0 Tr/);
  });

  it('wraps Chinese anywhere but never starts a line with closing punctuation, and keeps Latin words whole', () => {
    expect(cjkEms('学习SQL')).toBe(3.5);
    const lines = wrapCjk('一二三四五，六七八九十', 5);
    expect(lines).toEqual(['一二三四五，', '六七八九十']);
    expect(wrapCjk('学习 Excel 数据', 3)).toEqual(['学习', 'Excel', '数据']);
  });
});
