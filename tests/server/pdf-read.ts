// A small PDF reader for tests, reading a page as a PDF reader does rather than trusting the writer:
// the text of page 1 through each font's ToUnicode map (what text extraction, search and copy use),
// and the pixels of its images (to decode a QR code). Handles what pdf-lib writes: hex-string Tj
// text in Type0 fonts with bfchar maps, and 8-bit RGB images (FlateDecode).
import { decodePDFRawStream, PDFArray, PDFDict, PDFDocument, PDFName, PDFNumber, PDFRawStream, type PDFRef } from 'pdf-lib';

const streamBytes = (stream: PDFRawStream): Uint8Array => decodePDFRawStream(stream).decode();
const latin1 = (bytes: Uint8Array) => Buffer.from(bytes).toString('latin1');

/** A ToUnicode CMap's bfchar and bfrange entries: glyph code (hex) → text. */
function parseCMap(cmap: string): Map<string, string> {
  const map = new Map<string, string>();
  const utf16 = (hex: string) => Buffer.from(hex, 'hex').swap16().toString('utf16le');
  for (const block of cmap.matchAll(/beginbfchar([\s\S]*?)endbfchar/g)) {
    for (const [, code, text] of block[1]!.matchAll(/<([0-9A-Fa-f]+)>\s*<([0-9A-Fa-f]+)>/g)) map.set(code!.toUpperCase(), utf16(text!));
  }
  for (const block of cmap.matchAll(/beginbfrange([\s\S]*?)endbfrange/g)) {
    for (const [, lo, hi, start] of block[1]!.matchAll(/<([0-9A-Fa-f]+)>\s*<([0-9A-Fa-f]+)>\s*<([0-9A-Fa-f]+)>/g)) {
      const from = parseInt(lo!, 16);
      for (let c = from; c <= parseInt(hi!, 16); c += 1) {
        const unicode = (parseInt(start!, 16) + c - from).toString(16).padStart(start!.length, '0');
        map.set(c.toString(16).toUpperCase().padStart(lo!.length, '0'), utf16(unicode));
      }
    }
  }
  return map;
}

/** The text of page 1, one shown string per line, decoded through the fonts' ToUnicode maps. */
export async function pdfPageText(bytes: Uint8Array): Promise<string> {
  const doc = await PDFDocument.load(bytes);
  const page = doc.getPages()[0]!;
  const fonts = page.node.Resources()!.lookup(PDFName.of('Font'), PDFDict);
  const maps = new Map<string, Map<string, string>>();
  for (const [name] of fonts.entries()) {
    const font = fonts.lookup(name, PDFDict);
    const toUnicode = font.lookup(PDFName.of('ToUnicode'));
    maps.set(name.asString(), toUnicode instanceof PDFRawStream ? parseCMap(latin1(streamBytes(toUnicode))) : new Map());
  }
  const contents = page.node.Contents();
  const streams = contents instanceof PDFArray ? contents.asArray().map((ref) => doc.context.lookup(ref as PDFRef) as PDFRawStream) : [contents as PDFRawStream];
  const ops = streams.map((s) => latin1(streamBytes(s))).join('\n');
  const lines: string[] = [];
  let map = new Map<string, string>();
  for (const [, font, hex] of ops.matchAll(/(\/[^\s/]+)\s+[\d.]+\s+Tf|<([0-9A-Fa-f]*)>\s*Tj/g)) {
    if (font) {
      map = maps.get(font) ?? new Map();
      continue;
    }
    const width = [...map.keys()][0]?.length ?? 4;
    let text = '';
    for (let i = 0; i < hex!.length; i += width) text += map.get(hex!.slice(i, i + width).toUpperCase()) ?? '\uFFFD';
    lines.push(text);
  }
  return lines.join('\n');
}

/** The RGB images of the document: width, height and 3 bytes per pixel. */
export async function pdfImages(bytes: Uint8Array): Promise<Array<{ width: number; height: number; rgb: Uint8Array }>> {
  const doc = await PDFDocument.load(bytes);
  const images: Array<{ width: number; height: number; rgb: Uint8Array }> = [];
  for (const [, object] of doc.context.enumerateIndirectObjects()) {
    if (!(object instanceof PDFRawStream) || object.dict.get(PDFName.of('Subtype')) !== PDFName.of('Image')) continue;
    if (object.dict.get(PDFName.of('ColorSpace')) !== PDFName.of('DeviceRGB')) continue;
    const width = (object.dict.get(PDFName.of('Width')) as PDFNumber).asNumber();
    const height = (object.dict.get(PDFName.of('Height')) as PDFNumber).asNumber();
    images.push({ width, height, rgb: streamBytes(object) });
  }
  return images;
}

/**
 * The module matrix of a QR code image (dark modules true), for tests/server/qr-decode.ts: the
 * top-left finder pattern's first row gives the quiet zone and the module size (7 modules wide).
 */
export function qrModulesOf(image: { width: number; height: number; rgb: Uint8Array }): boolean[][] {
  const dark = (x: number, y: number) => {
    const i = (Math.floor(y) * image.width + Math.floor(x)) * 3;
    return image.rgb[i]! + image.rgb[i + 1]! + image.rgb[i + 2]! < 384;
  };
  let y0 = 0;
  let x0 = -1;
  for (; y0 < image.height && x0 < 0; y0 += 1) for (let x = 0; x < image.width; x += 1) if (dark(x, y0)) { x0 = x; break; }
  y0 -= 1;
  let run = 0;
  while (dark(x0 + run, y0)) run += 1;
  const module = run / 7;
  const size = Math.round((image.width - 2 * x0) / module);
  return Array.from({ length: size }, (_, r) => Array.from({ length: size }, (_, c) => dark(x0 + (c + 0.5) * module, y0 + (r + 0.5) * module)));
}
