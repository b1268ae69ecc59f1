// A small, valid PDF 1.4 writer for text documents: Letter pages, no font embedded, so a file stays
// a few kilobytes. Latin documents are set in the standard Helvetica fonts (ASCII only: anything
// else becomes "?"). Chinese documents (script 'cjk') are set in STSong-Light, one of the standard
// CJK fonts of PDF (ISO 32000 9.7.5.2 "predefined CMaps", Adobe-GB1 with UniGB-UCS2-H): the file
// names it without embedding it and the viewer draws it with the Chinese font it has (Chrome's and
// Firefox's viewers, Acrobat, Preview), so the server needs no font file (docs/decisions.md "Seeded
// documents in the tenant's language"). The seed uses it for its demo documents
// (server/demo/seed-documents.ts).

/** A text document: a title, an optional subtitle line, and paragraphs or `## ` headings. */
export interface TextPdf {
  title: string;
  subtitle?: string;
  /** Paragraphs in order; one starting with "## " is a heading, one starting with "- " a list item. */
  blocks: string[];
  /** 'latin' (default): Helvetica, ASCII. 'cjk': STSong-Light, any text of the Basic Multilingual Plane. */
  script?: 'latin' | 'cjk';
}

const PAGE_W = 612;
const PAGE_H = 792;
const MARGIN = 72;
/** Characters a body line holds at 11 pt (Helvetica averages about half an em a character). */
const LINE_CHARS = 86;
const BODY_LEADING = 15;

/** Keeps printable ASCII and makes the rest "?", so a standard font can draw every character. */
export function pdfAscii(text: string): string {
  return text.replace(/[\u2018\u2019]/g, "'").replace(/[\u201c\u201d]/g, '"').replace(/[\u2013\u2014]/g, '-')
    .replace(/[^\x20-\x7e]/g, '?');
}

/** Escapes a string for a PDF literal string: backslash and both parentheses. */
const literal = (text: string) => `(${pdfAscii(text).replace(/[\\()]/g, (c) => `\\${c}`)})`;

/** A string for the CJK font: UCS-2 code units in hex (UniGB-UCS2-H); outside the BMP becomes "?". */
const ucs2 = (text: string) => `<${[...text].map((c) => (c.codePointAt(0)! > 0xffff ? 0x3f : c.codePointAt(0)!).toString(16).padStart(4, '0')).join('')}>`;

/** A text string of the document information dictionary: UTF-16BE with its byte order mark. */
const infoText = (text: string) => `<feff${[...text].map((c) => (c.codePointAt(0)! > 0xffff ? 0x3f : c.codePointAt(0)!).toString(16).padStart(4, '0')).join('')}>`;

const CJK = /[\u2e80-\u9fff\uf900-\ufaff\ufe30-\ufe4f\uff00-\uffef\u3000-\u303f\u2018-\u201d\u2026]/;
/** Punctuation a line must not start with (Chinese line-breaking rules, 避头点). */
const NO_LINE_START = /^[，。、；：！？）》」』”’…,.;:!?)]/;

/** Width of text in ems in the CJK font: CJK characters are a full em, the rest half (its /W). */
export function cjkEms(text: string): number {
  let width = 0;
  for (const ch of text) width += CJK.test(ch) ? 1 : 0.5;
  return width;
}

/**
 * Splits mixed Chinese and Latin text into lines of at most `width` ems: between any two CJK
 * characters, at spaces between Latin words, never before closing punctuation.
 */
export function wrapCjk(text: string, width: number): string[] {
  const tokens = text.match(/[\u2e80-\u9fff\uf900-\ufaff\ufe30-\ufe4f\uff00-\uffef\u3000-\u303f\u2018-\u201d\u2026]|[^\s\u2e80-\u9fff\uf900-\ufaff\ufe30-\ufe4f\uff00-\uffef\u3000-\u303f\u2018-\u201d\u2026]+|\s+/g) ?? [];
  const lines: string[] = [];
  let line = '';
  for (const token of tokens) {
    const next = line + token;
    if (cjkEms(next.trimEnd()) <= width || !line.trim() || NO_LINE_START.test(token)) {
      line = next;
      continue;
    }
    lines.push(line.trimEnd());
    line = token.trim() ? token : '';
  }
  if (line.trim()) lines.push(line.trimEnd());
  return lines;
}

/** Splits text into lines of at most `width` characters, at spaces where it can. */
export function wrapText(text: string, width: number): string[] {
  const lines: string[] = [];
  let line = '';
  for (const word of text.split(/\s+/).filter(Boolean)) {
    const next = line ? `${line} ${word}` : word;
    if (next.length <= width) { line = next; continue; }
    if (line) lines.push(line);
    line = word;
    while (line.length > width) { lines.push(line.slice(0, width)); line = line.slice(width); }
  }
  if (line) lines.push(line);
  return lines;
}

interface Line { font: 'F1' | 'F2'; size: number; text: string; gapBefore: number }

/** The document's lines with their fonts, in reading order. */
function layout(doc: TextPdf): Line[] {
  const cjk = doc.script === 'cjk';
  // Latin widths are in characters (Helvetica); CJK widths in ems of the font size (the text box is 468 pt).
  const wrap = (text: string, latinChars: number, size: number) => (cjk ? wrapCjk(text, Math.floor((PAGE_W - MARGIN * 2) / size)) : wrapText(text, latinChars));
  const bullet = cjk ? '•  ' : '-  ';
  const lines: Line[] = [];
  for (const text of wrap(doc.title, 48, 20)) lines.push({ font: 'F2', size: 20, text, gapBefore: lines.length ? 26 : 0 });
  if (doc.subtitle) lines.push({ font: 'F1', size: 12, text: doc.subtitle, gapBefore: 22 });
  let first = true;
  for (const block of doc.blocks) {
    if (block.startsWith('## ')) {
      wrap(block.slice(3), 60, 14).forEach((text, i) => lines.push({ font: 'F2', size: 14, text, gapBefore: i ? 18 : 30 }));
    } else {
      const item = block.startsWith('- ');
      const body = item ? block.slice(2) : block;
      (cjk ? wrapCjk(body, Math.floor((PAGE_W - MARGIN * 2) / 11) - (item ? 2 : 0)) : wrapText(body, LINE_CHARS - (item ? 4 : 0))).forEach((text, i) => {
        lines.push({ font: 'F1', size: 11, text: item && i === 0 ? `${bullet}${text}` : item ? `   ${text}` : text, gapBefore: i ? (cjk ? 17 : BODY_LEADING) : first ? 30 : item ? 17 : 22 });
      });
    }
    first = false;
  }
  return lines;
}

/** Breaks lines into pages and writes each page's content stream. */
function pageStreams(lines: Line[], cjk: boolean): string[] {
  // One CJK font for both: headings are drawn filled and stroked (render mode 2), a faux bold; the
  // render mode is graphics state that outlives ET, so every other line sets 0 again.
  const show = (line: Line & { y: number }) => (cjk
    ? `BT /F1 ${line.size} Tf${line.font === 'F2' ? ' 2 Tr 0.35 w' : ' 0 Tr'} ${MARGIN} ${Math.round(line.y)} Td ${ucs2(line.text)} Tj ET`
    : `BT /${line.font} ${line.size} Tf ${MARGIN} ${Math.round(line.y)} Td ${literal(line.text)} Tj ET`);
  const pages: string[] = [];
  let ops: string[] = [];
  let y = PAGE_H - MARGIN;
  let top = true;
  const flush = () => { pages.push(ops.join('\n')); ops = []; y = PAGE_H - MARGIN; top = true; };
  for (const line of lines) {
    if (!top && y - line.gapBefore < MARGIN) flush();
    y -= top ? line.size : line.gapBefore;
    top = false;
    ops.push(show({ ...line, y }));
  }
  if (ops.length || !pages.length) flush();
  const folio = (text: string) => (cjk ? ucs2(text) : literal(text));
  return pages.map((body, i) => `${body}\nBT /F1 9 Tf ${PAGE_W / 2 - 10} 40 Td ${folio(`${i + 1} / ${pages.length}`)} Tj ET`);
}

/** A built PDF: its bytes and how many pages it has. */
export interface BuiltPdf { bytes: Buffer; pages: number }

/**
 * Writes a text document as a PDF 1.4 file: catalog, page tree, two standard fonts, one page and
 * content stream per page, an info dictionary, and a cross-reference table whose offsets are the
 * byte positions of each `n 0 obj`.
 */
export function buildTextPdf(doc: TextPdf): BuiltPdf {
  const cjk = doc.script === 'cjk';
  const streams = pageStreams(layout(doc), cjk);
  const objects: string[] = [];
  const pageIds = streams.map((_, i) => 5 + i * 2);
  objects[1] = '<< /Type /Catalog /Pages 2 0 R >>';
  objects[2] = `<< /Type /Pages /Kids [${pageIds.map((id) => `${id} 0 R`).join(' ')}] /Count ${pageIds.length} >>`;
  if (cjk) {
    // Type 0 font over a CIDFont that is named, not embedded: Latin CIDs 1 to 95 half an em, the rest a full em.
    objects[3] = '<< /Type /Font /Subtype /Type0 /BaseFont /STSong-Light /Encoding /UniGB-UCS2-H /DescendantFonts [4 0 R] >>';
    objects[4] = '<< /Type /Font /Subtype /CIDFontType0 /BaseFont /STSong-Light /CIDSystemInfo << /Registry (Adobe) /Ordering (GB1) /Supplement 4 >> '
      + '/FontDescriptor 0 0 R /DW 1000 /W [1 95 500] >>';
  } else {
    objects[3] = '<< /Type /Font /Subtype /Type1 /BaseFont /Helvetica /Encoding /WinAnsiEncoding >>';
    objects[4] = '<< /Type /Font /Subtype /Type1 /BaseFont /Helvetica-Bold /Encoding /WinAnsiEncoding >>';
  }
  streams.forEach((stream, i) => {
    const fonts = cjk ? '/F1 3 0 R' : '/F1 3 0 R /F2 4 0 R';
    objects[pageIds[i]!] = `<< /Type /Page /Parent 2 0 R /MediaBox [0 0 ${PAGE_W} ${PAGE_H}] /Resources << /Font << ${fonts} >> >> /Contents ${pageIds[i]! + 1} 0 R >>`;
    objects[pageIds[i]! + 1] = `<< /Length ${Buffer.byteLength(stream, 'latin1')} >>\nstream\n${stream}\nendstream`;
  });
  const infoId = objects.length;
  objects[infoId] = `<< /Title ${cjk ? infoText(doc.title) : literal(doc.title)} /Producer (Study portal seed) >>`;
  if (cjk) {
    const descriptorId = infoId + 1;
    objects[descriptorId] = '<< /Type /FontDescriptor /FontName /STSong-Light /Flags 6 /FontBBox [-25 -254 1000 880] /ItalicAngle 0 '
      + '/Ascent 880 /Descent -120 /CapHeight 880 /StemV 93 >>';
    objects[4] = objects[4]!.replace('/FontDescriptor 0 0 R', `/FontDescriptor ${descriptorId} 0 R`);
  }

  // Everything is ASCII, so string length is byte length.
  let out = '%PDF-1.4\n%\xe2\xe3\xcf\xd3\n';
  const offsets: number[] = [];
  for (let id = 1; id < objects.length; id += 1) {
    offsets[id] = Buffer.byteLength(out, 'latin1');
    out += `${id} 0 obj\n${objects[id]}\nendobj\n`;
  }
  const xref = Buffer.byteLength(out, 'latin1');
  out += `xref\n0 ${objects.length}\n0000000000 65535 f \n`;
  for (let id = 1; id < objects.length; id += 1) out += `${String(offsets[id]).padStart(10, '0')} 00000 n \n`;
  out += `trailer\n<< /Size ${objects.length} /Root 1 0 R /Info ${infoId} 0 R >>\nstartxref\n${xref}\n%%EOF\n`;
  return { bytes: Buffer.from(out, 'latin1'), pages: streams.length };
}
