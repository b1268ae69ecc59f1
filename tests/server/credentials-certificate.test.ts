// The certificate PDF's renderer (server/modules/um/credentials-certificate.ts), without a server:
// the embedded font subsets keep every glyph's outline (@pdf-lib/fontkit's subset lost most Chinese
// glyphs: readers showed blanks while text extraction still worked), the text wraps at CJK
// characters and between words, and the dates read as the tenant's calendar day.
import { describe, expect, it } from 'vitest';
import fontkit from '@pdf-lib/fontkit';
import { decodePDFRawStream, PDFDict, PDFDocument, PDFName, PDFRawStream } from 'pdf-lib';
import { printedDate, renderCertificate, wrapText } from '../../server/modules/um/credentials-certificate';
import { pdfPageText } from './pdf-read';

const CONTENT = {
  title: '课程结业证书', holderName: '陈明远', issuer: '演示学院培训中心',
  body: '陈明远 已完成课程《安全生产基础与现场隐患排查实务》的全部学习内容，准予结业，特发此证。0123456789',
  issuedAt: new Date('2026-11-06T20:00:00Z'), expiresAt: null, code: '59ZA-V8ZN-ZY7X',
  verifyUrl: 'http://localhost:80/study/credential/verify?code=59ZA-V8ZN-ZY7X&tenantId=1001', state: 'valid' as const,
};

/** Every glyph outline of every font embedded in the PDF, decoded as a reader decodes it: its contour count. */
async function embeddedGlyphContours(pdf: Uint8Array): Promise<number[]> {
  const doc = await PDFDocument.load(pdf);
  const contours: number[] = [];
  for (const [, object] of doc.context.enumerateIndirectObjects()) {
    if (!(object instanceof PDFDict) || object.get(PDFName.of('Type')) !== PDFName.of('FontDescriptor')) continue;
    const file = object.lookup(PDFName.of('FontFile2')) as PDFRawStream;
    const font = fontkit.create(decodePDFRawStream(file).decode()) as unknown as { numGlyphs: number; getGlyph(id: number): { _decode(): { numberOfContours: number } | null } };
    for (let id = 0; id < font.numGlyphs; id += 1) {
      try {
        contours.push(font.getGlyph(id)._decode()?.numberOfContours ?? 0);
      } catch {
        contours.push(Number.NaN);
      }
    }
  }
  return contours;
}

describe('the certificate PDF', () => {
  it('keeps every glyph of its subset fonts whole (the subset lost Chinese glyphs after the first odd-length one)', async () => {
    const pdf = await renderCertificate(CONTENT, 'zh', 'Asia/Shanghai');
    const contours = await embeddedGlyphContours(pdf);
    // Two fonts (regular and bold), dozens of glyphs: each a simple glyph (0–200 contours) or a composite (-1).
    expect(contours.length).toBeGreaterThan(40);
    expect(contours.filter((n) => !(Number.isInteger(n) && n >= -1 && n < 200))).toEqual([]);
    expect(pdf.byteLength).toBeLessThan(60_000);
  });

  it('prints the tenant\'s calendar day and "never expires" for a certificate without an end', async () => {
    const text = await pdfPageText(await renderCertificate(CONTENT, 'zh', 'Asia/Shanghai'));
    // 20:00 UTC on the 6th is the 7th in Shanghai.
    expect(text).toContain('2026年11月7日');
    expect(text).toContain('长期有效');
    expect(printedDate(CONTENT.issuedAt, 'en', 'Europe/London')).toBe('6 November 2026');
  });

  it('wraps Chinese between characters and English between words', () => {
    const measure = (s: string) => s.length;
    expect(wrapText('一二三四五六七', 3, measure)).toEqual(['一二三', '四五六', '七']);
    expect(wrapText('alpha beta gamma', 10, measure)).toEqual(['alpha beta', 'gamma']);
  });
});
