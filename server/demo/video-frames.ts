// The pictures of the demo videos, drawn in code: a "lesson slide" in a colour picked by the
// video's seed, with placeholder text lines, a large seven-segment clock showing the elapsed
// time and a progress bar that fills along the bottom. One frame a second; between seconds
// only the clock digit and the bar's tip change, which keeps the P frames of h264.ts tiny.

import { rgbToYuv420, type YuvFrame } from './h264';

/** The demo videos' picture size. */
export const FRAME_WIDTH = 320;
export const FRAME_HEIGHT = 180;

/** An RGB colour, 0..255 a channel. */
export type Rgb = readonly [number, number, number];

/** A packed RGB picture (3 bytes a pixel) with rectangle filling, clipped to its edges. */
export class RgbCanvas {
  readonly width: number;
  readonly height: number;
  readonly rgb: Uint8Array;

  constructor(width: number, height: number) {
    this.width = width;
    this.height = height;
    this.rgb = new Uint8Array(width * height * 3);
  }

  /** Paints the rectangle [x, x + w) × [y, y + h); rounded to whole pixels. */
  fillRect(x: number, y: number, w: number, h: number, color: Rgb): void {
    const x0 = Math.max(0, Math.round(x)), x1 = Math.min(this.width, Math.round(x + w));
    const y0 = Math.max(0, Math.round(y)), y1 = Math.min(this.height, Math.round(y + h));
    if (x1 <= x0 || y1 <= y0) return;
    const [r, g, b] = color, first = (y0 * this.width + x0) * 3, rowBytes = (x1 - x0) * 3;
    for (let i = first; i < first + rowBytes; i += 3) { this.rgb[i] = r; this.rgb[i + 1] = g; this.rgb[i + 2] = b; }
    for (let py = y0 + 1; py < y1; py++) this.rgb.copyWithin((py * this.width + x0) * 3, first, first + rowBytes);
  }

  /** The colour of one pixel (for tests). */
  pixel(x: number, y: number): Rgb {
    const i = (y * this.width + x) * 3;
    return [this.rgb[i]!, this.rgb[i + 1]!, this.rgb[i + 2]!];
  }

  /** The picture as YUV 4:2:0 for the encoder. */
  toYuv(): YuvFrame {
    return rgbToYuv420(this.rgb, this.width, this.height);
  }
}

/** HSL (hue in degrees, saturation and lightness 0..1) to RGB. */
export function hsl(h: number, s: number, l: number): Rgb {
  const k = (n: number) => (n + h / 30) % 12;
  const a = s * Math.min(l, 1 - l);
  const f = (n: number) => Math.round(255 * (l - a * Math.max(-1, Math.min(k(n) - 3, 9 - k(n), 1))));
  return [f(0), f(8), f(4)];
}

// Segments a..g of a seven-segment digit, as [x, y, horizontal] in a 1 × 2 cell.
const SEGMENTS: readonly (readonly [number, number, boolean])[] = [
  [0, 0, true], [1, 0, false], [1, 1, false], [0, 2, true], [0, 1, false], [0, 0, false], [0, 1, true],
];
// Which segments each digit lights, bit 0 = a.
const DIGITS = [0x3f, 0x06, 0x5b, 0x4f, 0x66, 0x6d, 0x7d, 0x07, 0x7f, 0x6f];

/** Draws one seven-segment digit with its top-left at (x, y), `w` wide, 2w − t high, bars `t` thick. */
export function drawDigit(c: RgbCanvas, digit: number, x: number, y: number, w: number, t: number, color: Rgb): void {
  const half = (w * 2 - t) / 2 - t / 2; // distance between bar rows
  const lit = DIGITS[digit] ?? 0;
  SEGMENTS.forEach(([sx, sy, horizontal], i) => {
    if (!(lit & (1 << i))) return;
    const px = x + sx * (w - t), py = y + sy * half;
    if (horizontal) c.fillRect(px + t, py, w - 2 * t, t, color);
    else c.fillRect(px, py + t, t, half - t, color);
  });
}

/** The palette of a video: everything but the clock and bar stays put, so only they cost bytes. */
function palette(seed: number) {
  const hue = (seed * 67 + 200) % 360;
  return {
    background: hsl(hue, 0.45, 0.32),
    panel: hsl(hue, 0.35, 0.9),
    text: hsl(hue, 0.25, 0.65),
    clock: hsl(hue, 0.6, 0.24),
    track: hsl(hue, 0.3, 0.2),
    fill: hsl((hue + 40) % 360, 0.85, 0.6),
  };
}

/**
 * The slide at `second` (0-based) of a `seconds`-long video with the given seed: the clock reads
 * the elapsed time as MM:SS and the bar is filled by (second + 1) / seconds.
 */
export function drawLessonFrame(second: number, seconds: number, seed: number): RgbCanvas {
  const c = new RgbCanvas(FRAME_WIDTH, FRAME_HEIGHT);
  const p = palette(seed);
  c.fillRect(0, 0, c.width, c.height, p.background);
  c.fillRect(16, 12, 288, 136, p.panel);
  // the "lesson number" in small digits and a few placeholder text lines, as on a slide
  const lesson = String(seed % 100).padStart(2, '0');
  [...lesson].forEach((d, i) => drawDigit(c, Number(d), 26 + i * 16, 20, 13, 3, p.clock));
  const lines = [150, 110, 130];
  lines.forEach((w, i) => c.fillRect(64, 24 + i * 8, w - (seed * 13 + i * 29) % 40, 4, p.text));
  // the clock: MM:SS, digits 36 × 64 with 8-pixel bars
  const mm = String(Math.floor(second / 60) % 100).padStart(2, '0');
  const ss = String(second % 60).padStart(2, '0');
  const dw = 36, gap = 10, colon = 14;
  let x = (c.width - (4 * dw + 2 * gap + 2 * gap + colon)) / 2;
  const y = 60;
  for (const [i, d] of [...(mm + ss)].entries()) {
    if (i === 2) {
      c.fillRect(x + (colon - 8) / 2, y + 16, 8, 8, p.clock);
      c.fillRect(x + (colon - 8) / 2, y + 44, 8, 8, p.clock);
      x += colon + gap;
    }
    drawDigit(c, Number(d), x, y, dw, 8, p.clock);
    x += dw + gap;
  }
  // the progress bar, inside one macroblock row (160..175) so it touches few macroblocks
  c.fillRect(16, 162, 288, 10, p.track);
  c.fillRect(16, 162, Math.round((288 * Math.min(second + 1, seconds)) / seconds), 10, p.fill);
  return c;
}

/** The YUV frames of a demo video, one a second. */
export function* lessonFrames(seconds: number, seed: number): Generator<YuvFrame> {
  for (let s = 0; s < seconds; s++) yield drawLessonFrame(s, seconds, seed).toYuv();
}
