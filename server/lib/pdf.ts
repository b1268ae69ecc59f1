// A small, valid PDF 1.4 writer for text documents: Letter pages set in the standard Helvetica
// fonts, so no font is embedded and a file stays a few kilobytes. The standard fonts have no CJK
// glyphs, so text is ASCII only (anything else becomes "?"). The seed uses it for its demo
// documents (server/db/seed-documents.ts); browsers' built-in viewers open the result.

/** A text document: a title, an optional subtitle line, and paragraphs or `## ` headings. */
export interface TextPdf {
  title: string;
  subtitle?: string;
  /** Paragraphs in order; one starting with "## " is a heading, one starting with "- " a list item. */
  blocks: string[];
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
  const lines: Line[] = [];
  for (const text of wrapText(doc.title, 48)) lines.push({ font: 'F2', size: 20, text, gapBefore: lines.length ? 24 : 0 });
  if (doc.subtitle) lines.push({ font: 'F1', size: 12, text: doc.subtitle, gapBefore: 22 });
  let first = true;
  for (const block of doc.blocks) {
    if (block.startsWith('## ')) {
      wrapText(block.slice(3), 60).forEach((text, i) => lines.push({ font: 'F2', size: 14, text, gapBefore: i ? 18 : 30 }));
    } else {
      const item = block.startsWith('- ');
      wrapText(item ? block.slice(2) : block, LINE_CHARS - (item ? 4 : 0)).forEach((text, i) => {
        lines.push({ font: 'F1', size: 11, text: item && i === 0 ? `-  ${text}` : item ? `   ${text}` : text, gapBefore: i ? BODY_LEADING : first ? 30 : item ? 17 : 22 });
      });
    }
    first = false;
  }
  return lines;
}

/** Breaks lines into pages and writes each page's content stream. */
function pageStreams(lines: Line[]): string[] {
  const pages: string[] = [];
  let ops: string[] = [];
  let y = PAGE_H - MARGIN;
  let top = true;
  const flush = () => { pages.push(ops.join('\n')); ops = []; y = PAGE_H - MARGIN; top = true; };
  for (const line of lines) {
    if (!top && y - line.gapBefore < MARGIN) flush();
    y -= top ? line.size : line.gapBefore;
    top = false;
    ops.push(`BT /${line.font} ${line.size} Tf ${MARGIN} ${Math.round(y)} Td ${literal(line.text)} Tj ET`);
  }
  if (ops.length || !pages.length) flush();
  return pages.map((body, i) => `${body}\nBT /F1 9 Tf ${PAGE_W / 2 - 10} 40 Td ${literal(`${i + 1} / ${pages.length}`)} Tj ET`);
}

/** A built PDF: its bytes and how many pages it has. */
export interface BuiltPdf { bytes: Buffer; pages: number }

/**
 * Writes a text document as a PDF 1.4 file: catalog, page tree, two standard fonts, one page and
 * content stream per page, an info dictionary, and a cross-reference table whose offsets are the
 * byte positions of each `n 0 obj`.
 */
export function buildTextPdf(doc: TextPdf): BuiltPdf {
  const streams = pageStreams(layout(doc));
  const objects: string[] = [];
  const pageIds = streams.map((_, i) => 5 + i * 2);
  objects[1] = '<< /Type /Catalog /Pages 2 0 R >>';
  objects[2] = `<< /Type /Pages /Kids [${pageIds.map((id) => `${id} 0 R`).join(' ')}] /Count ${pageIds.length} >>`;
  objects[3] = '<< /Type /Font /Subtype /Type1 /BaseFont /Helvetica /Encoding /WinAnsiEncoding >>';
  objects[4] = '<< /Type /Font /Subtype /Type1 /BaseFont /Helvetica-Bold /Encoding /WinAnsiEncoding >>';
  streams.forEach((stream, i) => {
    objects[pageIds[i]!] = `<< /Type /Page /Parent 2 0 R /MediaBox [0 0 ${PAGE_W} ${PAGE_H}] /Resources << /Font << /F1 3 0 R /F2 4 0 R >> >> /Contents ${pageIds[i]! + 1} 0 R >>`;
    objects[pageIds[i]! + 1] = `<< /Length ${Buffer.byteLength(stream, 'latin1')} >>\nstream\n${stream}\nendstream`;
  });
  const infoId = objects.length;
  objects[infoId] = `<< /Title ${literal(doc.title)} /Producer (Study portal seed) >>`;

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
