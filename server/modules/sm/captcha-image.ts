// Draws the slider-captcha puzzle (spec shell §3 "Captcha", §9): a 310×155 background with a
// jigsaw-shaped gap and the matching piece, as PNG files. Pure TypeScript on server/lib/png.ts, and
// deterministic from a seed so a test can redraw a puzzle. The piece is the classic slider-captcha
// shape (the geometry of the open-source "vue-monoplasty-slide-verify"): a square of side l with a
// knob of radius r on its top and right edges and a notch bitten into its left edge.
import { encodePng } from '../../lib/png';

/** spec shell §9: width 310, height 155, piece size 42, radius 10. */
export const CAPTCHA_W = 310;
export const CAPTCHA_H = 155;
export const CAPTCHA_L = 42;
export const CAPTCHA_R = 10;
/** Columns of the piece image left of the square, so its light border is not clipped. */
export const CAPTCHA_PAD = 3;
/** Width of the piece image: square + two radii (the right knob) + padding (L = l + 2r + 3). */
export const CAPTCHA_BLOCK_W = CAPTCHA_L + CAPTCHA_R * 2 + CAPTCHA_PAD;
/** How far the piece can travel: its image's left edge goes from 0 to w − L. */
export const CAPTCHA_TRACK = CAPTCHA_W - CAPTCHA_BLOCK_W;

/** A drawn puzzle. `answer` is the piece image's left offset at which the piece fills the gap. */
export interface CaptchaImages {
  /** Left edge of the piece's square in the background, in [L + 10, w − L − 10]. */
  x: number;
  /** Top edge of the piece's square, in [10 + 2r, h − L − 10]; the top knob rises above it. */
  y: number;
  /** x − pad: where the piece image's left edge must land (what the slider reports). */
  answer: number;
  /** Background PNG, w × h, opaque, with the darkened gap. */
  background: Buffer;
  /** Piece PNG, L × h (same height as the background), transparent outside the piece. */
  block: Buffer;
}

/** mulberry32: a small, fast, seedable PRNG; not for secrets (the seed itself comes from crypto). */
export function seededRandom(seed: number): () => number {
  let a = seed >>> 0;
  return () => {
    a = (a + 0x6d2b79f5) >>> 0;
    let t = a;
    t = Math.imul(t ^ (t >>> 15), t | 1);
    t ^= t + Math.imul(t ^ (t >>> 7), t | 61);
    return ((t ^ (t >>> 14)) >>> 0) / 4294967296;
  };
}

const intIn = (rand: () => number, min: number, max: number) => min + Math.floor(rand() * (max - min + 1));

/** HSL (h 0–360, s and l 0–1) to RGB 0–255. */
function hsl(h: number, s: number, l: number): [number, number, number] {
  const k = (n: number) => (n + h / 30) % 12;
  const a = s * Math.min(l, 1 - l);
  const f = (n: number) => l - a * Math.max(-1, Math.min(k(n) - 3, Math.min(9 - k(n), 1)));
  return [Math.round(f(0) * 255), Math.round(f(8) * 255), Math.round(f(4) * 255)];
}

const clampByte = (v: number) => (v < 0 ? 0 : v > 255 ? 255 : Math.round(v));

/**
 * The background: a two-colour gradient, soft blobs of other hues, a coarse value-noise texture and
 * fine grain. Busy enough that the gap is not a flat-colour hole found by a pixel scan.
 */
function drawBackground(rand: () => number): Float32Array {
  const w = CAPTCHA_W;
  const h = CAPTCHA_H;
  const px = new Float32Array(w * h * 3);
  const hue = rand() * 360;
  const from = hsl(hue, 0.45 + rand() * 0.3, 0.45 + rand() * 0.2);
  const to = hsl((hue + 60 + rand() * 120) % 360, 0.45 + rand() * 0.3, 0.35 + rand() * 0.25);
  const angle = rand() * Math.PI * 2;
  const dx = Math.cos(angle);
  const dy = Math.sin(angle);
  const span = Math.abs(dx) * w + Math.abs(dy) * h;
  for (let y = 0; y < h; y++) {
    for (let x = 0; x < w; x++) {
      const t = ((x - w / 2) * dx + (y - h / 2) * dy) / span + 0.5;
      const i = (y * w + x) * 3;
      for (let c = 0; c < 3; c++) px[i + c] = from[c]! + (to[c]! - from[c]!) * t;
    }
  }

  // Soft blobs: each a disc whose opacity falls off smoothly to its rim.
  const blobs = intIn(rand, 14, 22);
  for (let b = 0; b < blobs; b++) {
    const cx = rand() * w;
    const cy = rand() * h;
    const radius = 12 + rand() * 55;
    const colour = hsl(rand() * 360, 0.35 + rand() * 0.5, 0.3 + rand() * 0.45);
    const alpha = 0.25 + rand() * 0.45;
    const x0 = Math.max(0, Math.floor(cx - radius));
    const x1 = Math.min(w - 1, Math.ceil(cx + radius));
    const y0 = Math.max(0, Math.floor(cy - radius));
    const y1 = Math.min(h - 1, Math.ceil(cy + radius));
    for (let y = y0; y <= y1; y++) {
      for (let x = x0; x <= x1; x++) {
        const d = Math.sqrt((x - cx) ** 2 + (y - cy) ** 2) / radius;
        if (d >= 1) continue;
        const s = 1 - d * d;
        const a = alpha * s * s;
        const i = (y * w + x) * 3;
        for (let c = 0; c < 3; c++) px[i + c] = px[i + c]! * (1 - a) + colour[c]! * a;
      }
    }
  }

  // A plasma of a few random waves (20–80 px long) and a fine grain of ±5: texture everywhere.
  const waves = Array.from({ length: 5 }, () => {
    const direction = rand() * Math.PI * 2;
    const frequency = (Math.PI * 2) / (20 + rand() * 60);
    return { fx: Math.cos(direction) * frequency, fy: Math.sin(direction) * frequency, phase: rand() * Math.PI * 2, amplitude: 4 + rand() * 6 };
  });
  for (let y = 0; y < h; y++) {
    for (let x = 0; x < w; x++) {
      let shade = (rand() - 0.5) * 10;
      for (const wave of waves) shade += wave.amplitude * Math.sin(wave.fx * x + wave.fy * y + wave.phase);
      const i = (y * w + x) * 3;
      for (let c = 0; c < 3; c++) px[i + c] = px[i + c]! + shade;
    }
  }
  return px;
}

/** Whether a point (relative to the square's top-left corner) is inside the piece. */
function insidePiece(u: number, v: number): boolean {
  const l = CAPTCHA_L;
  const r = CAPTCHA_R;
  // The left notch bites into the square (radius r + 0.4, as the reference shape draws it).
  const nu = u - (r - 2);
  const nv = v - l / 2;
  if (nu * nu + nv * nv <= (r + 0.4) * (r + 0.4)) return false;
  if (u >= 0 && u <= l && v >= 0 && v <= l) return true;
  const tu = u - l / 2;
  const tv = v - (2 - r);
  if (tu * tu + tv * tv <= r * r) return true;
  const ru = u - (l + r - 2);
  return ru * ru + nv * nv <= r * r;
}

/**
 * Coverage (0–1, 4×4 supersampled for smooth edges) of the piece over the piece image's own grid:
 * L columns × h rows, the square's top-left corner at (pad, y).
 */
function pieceCoverage(y: number): Float32Array {
  const bw = CAPTCHA_BLOCK_W;
  const cov = new Float32Array(bw * CAPTCHA_H);
  const top = Math.max(0, y - CAPTCHA_R * 2 - 1);
  const bottom = Math.min(CAPTCHA_H - 1, y + CAPTCHA_L + 1);
  const n = 4;
  for (let j = top; j <= bottom; j++) {
    for (let i = 0; i < bw; i++) {
      let hits = 0;
      for (let sy = 0; sy < n; sy++) {
        for (let sx = 0; sx < n; sx++) {
          if (insidePiece(i + (sx + 0.5) / n - CAPTCHA_PAD, j + (sy + 0.5) / n - y)) hits++;
        }
      }
      cov[j * bw + i] = hits / (n * n);
    }
  }
  return cov;
}

/** How much a covered pixel lies on the piece's rim: its coverage times the gap to its 3×3 minimum. */
function rim(cov: Float32Array, i: number, j: number): number {
  const bw = CAPTCHA_BLOCK_W;
  const here = cov[j * bw + i]!;
  if (here === 0) return 0;
  let min = here;
  for (let dj = -1; dj <= 1; dj++) {
    for (let di = -1; di <= 1; di++) {
      const ii = i + di;
      const jj = j + dj;
      const v = ii < 0 || jj < 0 || ii >= bw || jj >= CAPTCHA_H ? 0 : cov[jj * bw + ii]!;
      if (v < min) min = v;
    }
  }
  return here * (1 - min);
}

/** Chooses x and y as the reference widget does, within the bounds of spec shell §9's sizes. */
export function pickPosition(rand: () => number): { x: number; y: number } {
  const L = CAPTCHA_BLOCK_W;
  return {
    x: intIn(rand, L + 10, CAPTCHA_W - L - 10),
    y: intIn(rand, 10 + CAPTCHA_R * 2, CAPTCHA_H - L - 10),
  };
}

/** Draws one puzzle from a seed (same seed, same images and position). */
export function drawCaptcha(seed: number): CaptchaImages {
  const rand = seededRandom(seed);
  const { x, y } = pickPosition(rand);
  const answer = x - CAPTCHA_PAD;
  const w = CAPTCHA_W;
  const h = CAPTCHA_H;
  const bw = CAPTCHA_BLOCK_W;
  const px = drawBackground(rand);
  const cov = pieceCoverage(y);

  // The piece keeps the background's original pixels, with a light rim.
  const block = new Uint8Array(bw * h * 4);
  for (let j = 0; j < h; j++) {
    for (let i = 0; i < bw; i++) {
      const c = cov[j * bw + i]!;
      if (c === 0) continue;
      const edge = rim(cov, i, j);
      const src = (j * w + answer + i) * 3;
      const dst = (j * bw + i) * 4;
      for (let k = 0; k < 3; k++) block[dst + k] = clampByte(px[src + k]! * (1 - 0.8 * edge) + 255 * 0.8 * edge);
      block[dst + 3] = clampByte(c * 255);
    }
  }

  // The gap: darkened inside, with a faint light outline, like the reference widget's cut-out.
  const rgba = new Uint8Array(w * h * 4);
  for (let p = 0, q = 0; p < px.length; p += 3, q += 4) {
    rgba[q] = clampByte(px[p]!);
    rgba[q + 1] = clampByte(px[p + 1]!);
    rgba[q + 2] = clampByte(px[p + 2]!);
    rgba[q + 3] = 255;
  }
  for (let j = 0; j < h; j++) {
    for (let i = 0; i < bw; i++) {
      const c = cov[j * bw + i]!;
      if (c === 0) continue;
      const edge = rim(cov, i, j);
      const q = (j * w + answer + i) * 4;
      for (let k = 0; k < 3; k++) {
        const dark = rgba[q + k]! * (1 - 0.42 * c);
        rgba[q + k] = clampByte(dark * (1 - 0.45 * edge) + 255 * 0.45 * edge);
      }
    }
  }

  return {
    x,
    y,
    answer,
    background: encodePng({ width: w, height: h, rgba }, { color: 'rgb' }),
    block: encodePng({ width: bw, height: h, rgba: block }),
  };
}
