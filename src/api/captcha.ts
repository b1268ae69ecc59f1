// The slider-captcha calls (spec shell §7 "Captcha"). The puzzle arrives as the spec's encoded
// string of key=value; pairs (docs/api.md "Slider captcha"); this module turns it into a typed object.
import { apiGet } from './client';

/** A puzzle to solve: the two images and the geometry the widget lays them out with. */
export interface SlidePuzzle {
  uuid: string;
  /** Background width and height in px (spec shell §9: 310 × 155). */
  w: number;
  h: number;
  /** Piece side and knob radius (42 and 10). */
  l: number;
  r: number;
  /** Width of the piece image (l + 2r + 3). */
  L: number;
  /** Top of the piece's square in the background. */
  y: number;
  /** How far the piece image's left edge can travel, in px (w − L). */
  length: number;
  /** The tenant's tolerance in px (spec shell §5: 1 to 10). */
  accuracy: number;
  /** Background PNG (data URI) with the gap. */
  bg: string;
  /** Piece PNG (data URI), L × h, transparent outside the piece. */
  block: string;
}

const NUMBER_KEYS = ['w', 'h', 'l', 'r', 'L', 'y', 'length', 'accuracy'] as const;

/** Parses the `key=value;` string; throws an Error naming what is missing or not a number. */
export function parseSlidePuzzle(text: string): SlidePuzzle {
  const fields = new Map<string, string>();
  for (const pair of text.split(';')) {
    const at = pair.indexOf('=');
    if (at <= 0) continue;
    try {
      fields.set(pair.slice(0, at).trim(), decodeURIComponent(pair.slice(at + 1)));
    } catch {
      throw new Error(`The captcha field "${pair.slice(0, at)}" is not URI-encoded; check the captcha server.`);
    }
  }
  const text_ = (key: string): string => {
    const value = fields.get(key);
    if (!value) throw new Error(`The captcha puzzle has no "${key}"; check the captcha server (docs/api.md "Slider captcha").`);
    return value;
  };
  const numbers = {} as Record<(typeof NUMBER_KEYS)[number], number>;
  for (const key of NUMBER_KEYS) {
    const n = Number(text_(key));
    if (!Number.isFinite(n)) throw new Error(`The captcha field "${key}" is not a number; check the captcha server.`);
    numbers[key] = n;
  }
  return { uuid: text_('uuid'), ...numbers, bg: text_('bg'), block: text_('block') };
}

/** Fetches and parses a new puzzle. Silent: the dialog shows its own failure state. */
export async function getSlideCaptcha(): Promise<SlidePuzzle> {
  return parseSlidePuzzle(await apiGet<string>('/sm/api/sysCode/getSlideCaptcha', undefined, { silent: true }));
}

/**
 * Checks where the piece image's left edge was dropped (px). Resolves true on a pass (spec shell §7:
 * a truthy result means pass), false on a wrong or spent puzzle; rejects when the call fails.
 */
export async function checkSlideCaptcha(uuid: string, length: number): Promise<boolean> {
  return Boolean(await apiGet<unknown>('/sm/api/sysCode/checkSlideCaptcha', { uuid, length: Math.round(length) }, { silent: true }));
}
