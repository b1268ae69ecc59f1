// sm: the slider captcha (spec shell §7 "Captcha", §5 "Slide captcha", §9). The server draws the
// puzzle, keeps the answer, and checks a drop once; sign-in then consumes a passed uuid
// (consumeVerifiedCaptcha in captcha-store.ts). Wire format: docs/api.md "Slider captcha".
import { randomBytes, randomUUID } from 'node:crypto';
import type { FastifyInstance } from 'fastify';
import type { TypeBoxTypeProvider } from '@fastify/type-provider-typebox';
import type { Transaction } from 'kysely';
import { CONFIG_KEYS } from '../../../schemas/config-keys';
import { withTenant } from '../../db/database';
import type { DB } from '../../db/types';
import { pngDataUri } from '../../lib/png';
import { ApiError, ok } from '../../plugins/envelope';
import { findStore, listConfig } from '../../lib/store-settings';
import { requireTenant } from '../../lib/tenant-context';
import { CAPTCHA_BLOCK_W, CAPTCHA_H, CAPTCHA_L, CAPTCHA_R, CAPTCHA_TRACK, CAPTCHA_W, drawCaptcha } from './captcha-image';
import { CheckSlideCaptchaQuery, CheckSlideCaptchaResponse, GetSlideCaptchaQuery, GetSlideCaptchaResponse } from '../../../schemas/api/sm';
import { rateWindowAllows } from '../../lib/rate-window';
import { DbCaptchaStore, type CaptchaStore } from '../../lib/captcha-store';

/** spec shell §5/§9: accuracy default 5, clamped 1 to 10. */
export const DEFAULT_CAPTCHA_ACCURACY = 5;
/** spec shell §8 "Captcha failure": 'verification failed, please retry'. */
export const CAPTCHA_FAILED_MESSAGE = '验证失败，请重试';
/** Puzzles one address may ask for per minute; drawing one costs tens of ms of CPU. */
export const CAPTCHA_PER_MINUTE = 30;

export interface CaptchaRouteOptions {
  /** Where puzzles live; the database (shared by every node) by default. */
  store?: CaptchaStore;
  /** Puzzles per client address per tenant per minute (default 30), counted in the database. */
  perMinute?: number;
  /** Name of the rate-limit bucket, before the address (default 'captcha-draw'). */
  limitBucket?: string;
  /** Clock for the rate limit (tests). */
  now?: () => number;
}

/** spec shell §5: the tolerance, clamped to 1–10; anything unreadable gives the default 5. */
export function clampAccuracy(value: unknown): number {
  const n = typeof value === 'string' && value.trim() !== '' ? Number(value) : value;
  if (typeof n !== 'number' || !Number.isFinite(n)) return DEFAULT_CAPTCHA_ACCURACY;
  return Math.min(10, Math.max(1, Math.round(n)));
}

/** The tenant's accuracy: PcLoginConfig.loginConfig JSON key `captchaAccuracy` (default store's view). */
async function tenantAccuracy(trx: Transaction<DB>): Promise<number> {
  const [group, key] = CONFIG_KEYS.loginConfig;
  const store = await findStore(trx);
  // Store 0 holds tenant-wide rows; listConfig merges them with the store's own.
  const item = (await listConfig(trx, store?.store.id ?? 0, group)).find((row) => row.paramKey === key);
  if (!item) return DEFAULT_CAPTCHA_ACCURACY;
  try {
    const parsed: unknown = JSON.parse(item.paramValue);
    return clampAccuracy(typeof parsed === 'object' && parsed !== null ? (parsed as Record<string, unknown>).captchaAccuracy : undefined);
  } catch {
    return DEFAULT_CAPTCHA_ACCURACY;
  }
}

/** `key=value;` pairs with URI-encoded values (a data URI contains ';' and ','). */
export function encodeCaptchaFields(fields: Record<string, string | number>): string {
  return Object.entries(fields).map(([key, value]) => `${key}=${encodeURIComponent(String(value))};`).join('');
}

/** The two captcha calls. Registered by server/app.ts; tests may pass their own store and clock. */
export async function captchaRoutes(app: FastifyInstance, opts: CaptchaRouteOptions = {}): Promise<void> {
  const r = app.withTypeProvider<TypeBoxTypeProvider>();
  const store = opts.store ?? new DbCaptchaStore(app.db.app);
  const now = opts.now ?? (() => Date.now());
  const perMinute = opts.perMinute ?? CAPTCHA_PER_MINUTE;
  const bucket = opts.limitBucket ?? 'captcha-draw';

  r.get('/sm/api/sysCode/getSlideCaptcha', {
    schema: {
      tags: ['sm'], summary: 'A new slider puzzle: background with a gap and the piece, as an encoded key=value; string',
      querystring: GetSlideCaptchaQuery,
      response: { 200: GetSlideCaptchaResponse },
    },
  }, async (req) => {
    const { tenantId } = req.query;
    await requireTenant(app.db.app, tenantId);
    // Counted in the database, so the limit holds however many API nodes share the address's calls.
    if (!(await rateWindowAllows(app.db.app, { tenantId, bucket: `${bucket}:${req.ip}`, limit: perMinute, windowMs: 60_000, now: now() }))) {
      throw new ApiError('Too many captcha puzzles were requested from this address; wait a minute and try again.', { code: 429, errorCode: 'RATE_LIMITED' });
    }
    const accuracy = await withTenant(app.db.app, tenantId, tenantAccuracy);
    const puzzle = drawCaptcha(randomBytes(4).readUInt32BE(0));
    const uuid = randomUUID();
    await store.put(uuid, { tenantId, answer: puzzle.answer, accuracy });
    // `length` on the GET is the slider's travel (w − L): the piece image's left edge moves from 0
    // to it; the check's `length` is where it was dropped. x itself never leaves the server.
    return ok(encodeCaptchaFields({
      uuid,
      w: CAPTCHA_W,
      h: CAPTCHA_H,
      l: CAPTCHA_L,
      r: CAPTCHA_R,
      L: CAPTCHA_BLOCK_W,
      y: puzzle.y,
      length: CAPTCHA_TRACK,
      accuracy,
      bg: pngDataUri(puzzle.background),
      block: pngDataUri(puzzle.block),
    }));
  });

  r.get('/sm/api/sysCode/checkSlideCaptcha', {
    schema: {
      tags: ['sm'], summary: 'Checks where the piece was dropped; single use; true means pass',
      querystring: CheckSlideCaptchaQuery,
      response: { 200: CheckSlideCaptchaResponse },
    },
  }, async (req) => {
    const { tenantId, uuid, length } = req.query;
    // Spent on the first check, right or wrong; unknown, expired and other tenants' uuids fail alike.
    const puzzle = await store.take(tenantId, uuid);
    if (!puzzle || Math.abs(length - puzzle.answer) > puzzle.accuracy) return ok(false, CAPTCHA_FAILED_MESSAGE);
    await store.markVerified(tenantId, uuid);
    return ok(true);
  });
}
