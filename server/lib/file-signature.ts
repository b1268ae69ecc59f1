// Magic bytes of the upload types (issue 14 point 19): an upload's first bytes must be a file of
// the type its link was signed for, so HTML (or anything else) cannot be stored as `.png` and
// served from our origin. server/modules/sm/upload-schemas.ts lists the types.
import { Readable } from 'node:stream';

/** Bytes read before deciding; every signature below fits in them. */
export const SNIFF_BYTES = 16;

const ascii = (head: Buffer, at: number, text: string) => head.length >= at + text.length && head.toString('latin1', at, at + text.length) === text;
const bytes = (head: Buffer, at: number, values: number[]) => head.length >= at + values.length && values.every((v, i) => head[at + i] === v);

const OLE = [0xd0, 0xcf, 0x11, 0xe0, 0xa1, 0xb1, 0x1a, 0xe1]; // doc, xls, ppt
const zip = (head: Buffer) => bytes(head, 0, [0x50, 0x4b, 0x03, 0x04]); // docx, xlsx, pptx
const isoMedia = (head: Buffer) => ascii(head, 4, 'ftyp'); // mp4, m4a, mov
const QUICKTIME_ATOMS = ['ftyp', 'moov', 'mdat', 'wide', 'free', 'skip', 'pnot'];

/** Checks per Content-Type; a type without one here is refused (fail closed). */
const SIGNATURES: Record<string, (head: Buffer) => boolean> = {
  'image/jpeg': (h) => bytes(h, 0, [0xff, 0xd8, 0xff]),
  'image/png': (h) => bytes(h, 0, [0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]),
  'image/gif': (h) => ascii(h, 0, 'GIF87a') || ascii(h, 0, 'GIF89a'),
  'image/webp': (h) => ascii(h, 0, 'RIFF') && ascii(h, 8, 'WEBP'),
  'application/pdf': (h) => ascii(h, 0, '%PDF-'),
  'application/msword': (h) => bytes(h, 0, OLE),
  'application/vnd.ms-excel': (h) => bytes(h, 0, OLE),
  'application/vnd.ms-powerpoint': (h) => bytes(h, 0, OLE),
  'application/vnd.openxmlformats-officedocument.wordprocessingml.document': zip,
  'application/vnd.openxmlformats-officedocument.spreadsheetml.sheet': zip,
  'application/vnd.openxmlformats-officedocument.presentationml.presentation': zip,
  'video/mp4': isoMedia,
  'audio/mp4': isoMedia,
  'video/quicktime': (h) => QUICKTIME_ATOMS.some((atom) => ascii(h, 4, atom)),
  'video/webm': (h) => bytes(h, 0, [0x1a, 0x45, 0xdf, 0xa3]),
  // ID3 tag, or an MPEG audio frame sync (11 set bits).
  'audio/mpeg': (h) => ascii(h, 0, 'ID3') || (h.length >= 2 && h[0] === 0xff && (h[1]! & 0xe0) === 0xe0),
  'audio/wav': (h) => ascii(h, 0, 'RIFF') && ascii(h, 8, 'WAVE'),
  'audio/ogg': (h) => ascii(h, 0, 'OggS'),
};

/** True when the first bytes are a file of this Content-Type. */
export function matchesSignature(contentType: string, head: Buffer): boolean {
  return SIGNATURES[contentType]?.(head) ?? false;
}

/**
 * Reads the stream's first `n` bytes (fewer when it ends sooner) and gives them back with a
 * stream that still yields the whole body, those bytes first.
 */
export async function peekStream(body: Readable, n = SNIFF_BYTES): Promise<{ head: Buffer; stream: Readable }> {
  const chunks: Buffer[] = [];
  let have = 0;
  const iterator = body[Symbol.asyncIterator]() as AsyncIterator<Buffer | string>;
  let ended = false;
  while (have < n) {
    const next = await iterator.next();
    if (next.done) {
      ended = true;
      break;
    }
    const chunk = typeof next.value === 'string' ? Buffer.from(next.value) : next.value;
    chunks.push(chunk);
    have += chunk.length;
  }
  const read = Buffer.concat(chunks);
  async function* whole(): AsyncGenerator<Buffer> {
    if (read.length) yield read;
    if (ended) return;
    for (;;) {
      const next = await iterator.next();
      if (next.done) return;
      yield typeof next.value === 'string' ? Buffer.from(next.value) : next.value;
    }
  }
  return { head: read.subarray(0, n), stream: Readable.from(whole(), { objectMode: false }) };
}
