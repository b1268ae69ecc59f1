// A tiny PNG encoder (8-bit RGBA or RGB, no interlace) on node:zlib, so the server can draw raster
// images such as the slider captcha (server/modules/sm/captcha-image.ts) without a native canvas.
// Format: https://www.w3.org/TR/png/ (signature, IHDR, IDAT, IEND; CRC-32 over type + data).
import { deflateSync } from 'node:zlib';

/** The 8 bytes every PNG file starts with. */
export const PNG_SIGNATURE = Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]);

const CRC_TABLE = (() => {
  const table = new Uint32Array(256);
  for (let n = 0; n < 256; n++) {
    let c = n;
    for (let k = 0; k < 8; k++) c = c & 1 ? 0xedb88320 ^ (c >>> 1) : c >>> 1;
    table[n] = c >>> 0;
  }
  return table;
})();

/** CRC-32 (ISO 3309, as PNG chunks use it) of the bytes. */
export function crc32(bytes: Uint8Array, start = 0, end = bytes.length): number {
  let c = 0xffffffff;
  for (let i = start; i < end; i++) c = CRC_TABLE[(c ^ bytes[i]!) & 0xff]! ^ (c >>> 8);
  return (c ^ 0xffffffff) >>> 0;
}

function chunk(type: string, data: Uint8Array): Buffer {
  const out = Buffer.alloc(12 + data.length);
  out.writeUInt32BE(data.length, 0);
  out.write(type, 4, 'latin1');
  out.set(data, 8);
  out.writeUInt32BE(crc32(out, 4, 8 + data.length), 8 + data.length);
  return out;
}

/** The filter a row of scanline bytes went through (PNG filter method 0). */
export type PngFilter = 'none' | 'adaptive';

export interface PngImage {
  width: number;
  height: number;
  /** Row-major pixels: width × height × 4 bytes (RGBA); RGB output drops the alpha byte. */
  rgba: Uint8Array;
}

export interface EncodePngOptions {
  /** 'rgb' drops alpha (colour type 2): a quarter smaller for opaque images. Default 'rgba'. */
  color?: 'rgba' | 'rgb';
  /** 'adaptive' picks the filter per row by the minimum-sum-of-absolute-differences heuristic (default). */
  filter?: PngFilter;
  /** zlib level 0–9; default 9 (images here are small and made once per request). */
  level?: number;
}

const paeth = (a: number, b: number, c: number): number => {
  const p = a + b - c;
  const pa = Math.abs(p - a);
  const pb = Math.abs(p - b);
  const pc = Math.abs(p - c);
  return pa <= pb && pa <= pc ? a : pb <= pc ? b : c;
};

/** Writes row `y` through filter `type` (0–4) into `out` at `at` (filter byte first). */
function filterRow(raw: Uint8Array, y: number, stride: number, bpp: number, type: number, out: Uint8Array, at: number): number {
  out[at] = type;
  const row = y * stride;
  const prev = row - stride;
  let sum = 0;
  for (let i = 0; i < stride; i++) {
    const x = raw[row + i]!;
    const a = i >= bpp ? raw[row + i - bpp]! : 0;
    const b = y > 0 ? raw[prev + i]! : 0;
    const c = y > 0 && i >= bpp ? raw[prev + i - bpp]! : 0;
    const predicted = type === 1 ? a : type === 2 ? b : type === 3 ? (a + b) >> 1 : type === 4 ? paeth(a, b, c) : 0;
    const v = (x - predicted) & 0xff;
    out[at + 1 + i] = v;
    sum += v < 128 ? v : 256 - v;
  }
  return sum;
}

/** Encodes pixels as a PNG file. Throws when the buffer does not match width × height × 4. */
export function encodePng(image: PngImage, options: EncodePngOptions = {}): Buffer {
  const { width, height, rgba } = image;
  if (!Number.isInteger(width) || !Number.isInteger(height) || width < 1 || height < 1) {
    throw new Error(`A PNG needs a positive integer width and height; got ${width}×${height}.`);
  }
  if (rgba.length !== width * height * 4) {
    throw new Error(`encodePng expects ${width * height * 4} RGBA bytes for ${width}×${height}; got ${rgba.length}.`);
  }
  const bpp = options.color === 'rgb' ? 3 : 4;
  let raw = rgba;
  if (bpp === 3) {
    raw = new Uint8Array(width * height * 3);
    for (let p = 0, q = 0; p < rgba.length; p += 4, q += 3) {
      raw[q] = rgba[p]!;
      raw[q + 1] = rgba[p + 1]!;
      raw[q + 2] = rgba[p + 2]!;
    }
  }
  const stride = width * bpp;
  const filtered = new Uint8Array((stride + 1) * height);
  const scratch = new Uint8Array(stride + 1);
  for (let y = 0; y < height; y++) {
    const at = y * (stride + 1);
    if (options.filter === 'none') {
      filterRow(raw, y, stride, bpp, 0, filtered, at);
      continue;
    }
    // Try the five filters and keep the row that looks most compressible.
    let best = filterRow(raw, y, stride, bpp, 0, filtered, at);
    for (let type = 1; type <= 4; type++) {
      const sum = filterRow(raw, y, stride, bpp, type, scratch, 0);
      if (sum < best) {
        best = sum;
        filtered.set(scratch, at);
      }
    }
  }
  const header = Buffer.alloc(13);
  header.writeUInt32BE(width, 0);
  header.writeUInt32BE(height, 4);
  header[8] = 8; // bit depth
  header[9] = bpp === 4 ? 6 : 2; // colour type: 6 truecolour + alpha, 2 truecolour
  // bytes 10–12: compression 0 (deflate), filter method 0, no interlace
  return Buffer.concat([
    PNG_SIGNATURE,
    chunk('IHDR', header),
    chunk('IDAT', deflateSync(filtered, { level: options.level ?? 9 })),
    chunk('IEND', new Uint8Array(0)),
  ]);
}

/** A PNG as a data URI (`data:image/png;base64,…`), for JSON payloads and <img src>. */
export function pngDataUri(png: Buffer): string {
  return `data:image/png;base64,${png.toString('base64')}`;
}
