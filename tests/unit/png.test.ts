// server/lib/png.ts: the PNG encoder behind the slider captcha. A decoder written from the PNG
// specification (chunks, CRC, the five row filters) checks the pixels round-trip exactly.
import { inflateSync } from 'node:zlib';
import { describe, expect, it } from 'vitest';
import { crc32, encodePng, PNG_SIGNATURE, pngDataUri } from '../../server/lib/png';
import { drawCaptcha, pickPosition, seededRandom } from '../../server/modules/sm/captcha-image';

interface Chunk { type: string; data: Buffer; crcOk: boolean }

function chunks(png: Buffer): Chunk[] {
  const out: Chunk[] = [];
  for (let at = 8; at < png.length;) {
    const length = png.readUInt32BE(at);
    const type = png.toString('latin1', at + 4, at + 8);
    const data = png.subarray(at + 8, at + 8 + length);
    out.push({ type, data, crcOk: png.readUInt32BE(at + 8 + length) === crc32(png, at + 4, at + 8 + length) });
    at += 12 + length;
  }
  return out;
}

/** Decodes an 8-bit RGB/RGBA PNG to RGBA (alpha 255 for RGB). */
function decode(png: Buffer): { width: number; height: number; rgba: Uint8Array; filters: number[] } {
  const list = chunks(png);
  const ihdr = list[0]!.data;
  const width = ihdr.readUInt32BE(0);
  const height = ihdr.readUInt32BE(4);
  const bpp = ihdr[9] === 6 ? 4 : 3;
  const raw = inflateSync(Buffer.concat(list.filter((c) => c.type === 'IDAT').map((c) => c.data)));
  const stride = width * bpp;
  const pixels = new Uint8Array(stride * height);
  const filters: number[] = [];
  for (let y = 0; y < height; y++) {
    const type = raw[y * (stride + 1)]!;
    filters.push(type);
    for (let i = 0; i < stride; i++) {
      const a = i >= bpp ? pixels[y * stride + i - bpp]! : 0;
      const b = y > 0 ? pixels[(y - 1) * stride + i]! : 0;
      const c = y > 0 && i >= bpp ? pixels[(y - 1) * stride + i - bpp]! : 0;
      const p = a + b - c;
      const paeth = Math.abs(p - a) <= Math.abs(p - b) && Math.abs(p - a) <= Math.abs(p - c) ? a : Math.abs(p - b) <= Math.abs(p - c) ? b : c;
      const predicted = [0, a, b, (a + b) >> 1, paeth][type]!;
      pixels[y * stride + i] = (raw[y * (stride + 1) + 1 + i]! + predicted) & 0xff;
    }
  }
  const rgba = new Uint8Array(width * height * 4);
  for (let p = 0, q = 0; q < rgba.length; p += bpp, q += 4) {
    rgba.set(pixels.subarray(p, p + 3), q);
    rgba[q + 3] = bpp === 4 ? pixels[p + 3]! : 255;
  }
  return { width, height, rgba, filters };
}

/** A test image with gradients, a hard edge and varying alpha, so every filter has work to do. */
function sample(width: number, height: number, opaque = false): Uint8Array {
  const rgba = new Uint8Array(width * height * 4);
  for (let y = 0; y < height; y++) {
    for (let x = 0; x < width; x++) {
      const q = (y * width + x) * 4;
      rgba[q] = (x * 7) & 0xff;
      rgba[q + 1] = (y * 13) & 0xff;
      rgba[q + 2] = x > width / 2 ? 200 : (x * y) & 0xff;
      rgba[q + 3] = opaque ? 255 : (x + y * 3) & 0xff;
    }
  }
  return rgba;
}

describe('encodePng', () => {
  it('writes the signature, then IHDR, IDAT and IEND with valid CRCs', () => {
    const png = encodePng({ width: 3, height: 2, rgba: sample(3, 2) });
    expect([...png.subarray(0, 8)]).toEqual([137, 80, 78, 71, 13, 10, 26, 10]);
    expect(png.subarray(0, 8).equals(PNG_SIGNATURE)).toBe(true);
    const list = chunks(png);
    expect(list.map((c) => c.type)).toEqual(['IHDR', 'IDAT', 'IEND']);
    expect(list.every((c) => c.crcOk)).toBe(true);
    expect(list[2]!.data.length).toBe(0);
  });

  it('puts the size, bit depth 8 and colour type 6 (RGBA) or 2 (RGB) in IHDR', () => {
    const ihdr = chunks(encodePng({ width: 310, height: 155, rgba: sample(310, 155) }))[0]!.data;
    expect(ihdr.length).toBe(13);
    expect(ihdr.readUInt32BE(0)).toBe(310);
    expect(ihdr.readUInt32BE(4)).toBe(155);
    expect([...ihdr.subarray(8)]).toEqual([8, 6, 0, 0, 0]);
    const rgb = chunks(encodePng({ width: 4, height: 5, rgba: sample(4, 5, true) }, { color: 'rgb' }))[0]!.data;
    expect([rgb.readUInt32BE(0), rgb.readUInt32BE(4), rgb[9]]).toEqual([4, 5, 2]);
  });

  it('round-trips unfiltered rows through zlib inflate byte for byte', () => {
    const rgba = sample(17, 9);
    const list = chunks(encodePng({ width: 17, height: 9, rgba }, { filter: 'none' }));
    const raw = inflateSync(list[1]!.data);
    expect(raw.length).toBe((17 * 4 + 1) * 9);
    for (let y = 0; y < 9; y++) {
      expect(raw[y * (17 * 4 + 1)]).toBe(0);
      expect([...raw.subarray(y * 69 + 1, y * 69 + 69)]).toEqual([...rgba.subarray(y * 68, y * 68 + 68)]);
    }
  });

  it('round-trips adaptive filtering exactly, for RGBA and RGB', () => {
    const rgba = sample(40, 30);
    const decoded = decode(encodePng({ width: 40, height: 30, rgba }));
    expect(decoded.rgba).toEqual(rgba);
    expect(new Set(decoded.filters).size).toBeGreaterThan(1); // not stuck on one filter
    const opaque = sample(40, 30, true);
    expect(decode(encodePng({ width: 40, height: 30, rgba: opaque }, { color: 'rgb' })).rgba).toEqual(opaque);
  });

  it('refuses a pixel buffer of the wrong size, naming the expected length', () => {
    expect(() => encodePng({ width: 2, height: 2, rgba: new Uint8Array(15) })).toThrow(/expects 16 RGBA bytes/);
    expect(() => encodePng({ width: 0, height: 2, rgba: new Uint8Array(0) })).toThrow(/positive integer/);
  });

  it('computes the standard CRC-32', () => {
    expect(crc32(Buffer.from('123456789'))).toBe(0xcbf43926);
    expect(crc32(Buffer.from('IEND'))).toBe(0xae426082);
  });

  it('makes data URIs', () => {
    expect(pngDataUri(Buffer.from([1, 2, 3]))).toBe('data:image/png;base64,AQID');
  });
});

describe('drawCaptcha (spec shell §9: 310×155, piece 42, radius 10)', () => {
  it('is deterministic from its seed and keeps x and y in the reference bounds', () => {
    const one = drawCaptcha(42);
    const again = drawCaptcha(42);
    expect(again.background.equals(one.background)).toBe(true);
    expect(again.block.equals(one.block)).toBe(true);
    expect(one.answer).toBe(one.x - 3);
    for (let seed = 0; seed < 500; seed++) {
      const { x, y } = pickPosition(seededRandom(seed));
      expect(x).toBeGreaterThanOrEqual(75);
      expect(x).toBeLessThanOrEqual(235);
      expect(y).toBeGreaterThanOrEqual(30);
      expect(y).toBeLessThanOrEqual(80);
    }
  });

  it('cuts the piece from the background where the gap is, darker there, and nowhere else', () => {
    const puzzle = drawCaptcha(7);
    const bg = decode(puzzle.background);
    const block = decode(puzzle.block);
    expect([bg.width, bg.height, block.width, block.height]).toEqual([310, 155, 65, 155]);
    // The square's centre is opaque in the piece, and darker in the background than in the piece.
    const cx = 3 + 21;
    const cy = puzzle.y + 21;
    const pieceAt = (cy * 65 + cx) * 4;
    const bgAt = (cy * 310 + puzzle.answer + cx) * 4;
    expect(block.rgba[pieceAt + 3]).toBe(255);
    const lum = (px: Uint8Array, at: number) => px[at]! + px[at + 1]! + px[at + 2]!;
    expect(lum(bg.rgba, bgAt)).toBeLessThan(lum(block.rgba, pieceAt) * 0.6);
    // Rows far above the top knob and below the square are transparent.
    expect(block.rgba[(2 * 65 + 30) * 4 + 3]).toBe(0);
    expect(block.rgba[(154 * 65 + 30) * 4 + 3]).toBe(0);
    // The left notch is cut out of the square: its centre (r − 2 from the left edge) is transparent.
    expect(block.rgba[(cy * 65 + 3 + 8) * 4 + 3]).toBe(0);
  });

  it('draws a background that is not flat (the gap cannot be found as a single colour)', () => {
    const bg = decode(drawCaptcha(3).background).rgba;
    const colours = new Set<number>();
    for (let q = 0; q < bg.length; q += 4 * 37) colours.add((bg[q]! << 16) | (bg[q + 1]! << 8) | bg[q + 2]!);
    expect(colours.size).toBeGreaterThan(500);
  });
});
