// Shared kernel (issue 14 point 5): sm draws and checks the puzzles, um spends a passed one at sign-in.
// Pending and passed slider-captcha puzzles, in PostgreSQL (migration 0015, table captcha_puzzle):
// a puzzle drawn on one API node is checked, and its pass spent, on any other (DESIGN "Beyond one
// machine"). Rows are taken with DELETE … RETURNING, so each state is used once across all nodes.
import type { Kysely } from 'kysely';
import { withTenant } from '../db/database';
import type { DB } from '../db/types';

/** spec shell §4 "Captcha dialog": an unanswered puzzle, and a passed one, lives 2 minutes. */
export const CAPTCHA_TTL_MS = 2 * 60 * 1000;

/** A puzzle as the server remembers it; never sent to the browser. */
export interface CaptchaPuzzle {
  tenantId: number;
  /** Where the piece image's left edge must land (captcha-image.ts `answer`). */
  answer: number;
  /** spec shell §5: tolerance in px, the tenant's setting at the time the puzzle was drawn. */
  accuracy: number;
}

/** Storage of puzzles by uuid, shared by every API node. */
export interface CaptchaStore {
  /** Remembers a new, unanswered puzzle. */
  put(uuid: string, puzzle: CaptchaPuzzle): Promise<void>;
  /**
   * Removes and returns a pending puzzle of this tenant. Any take spends the uuid (spec: single
   * use), whatever the answer; undefined when unknown, expired, passed already or another tenant's.
   */
  take(tenantId: number, uuid: string): Promise<CaptchaPuzzle | undefined>;
  /** Records that this uuid was answered correctly, so a sign-in may consume it within the TTL. */
  markVerified(tenantId: number, uuid: string): Promise<void>;
  /** True once for a passed, unexpired uuid of this tenant; the uuid is spent either way. */
  consumeVerified(tenantId: number, uuid: string): Promise<boolean>;
}

export interface DbCaptchaStoreOptions {
  /** Clock (tests); expiry is compared with it, not with the database's. */
  now?: () => number;
  ttlMs?: number;
}

/** The store on the app's (row-level-secured) connection: one tenant's transaction per call. */
export class DbCaptchaStore implements CaptchaStore {
  private readonly now: () => number;
  private readonly ttlMs: number;

  constructor(private readonly db: Kysely<DB>, options: DbCaptchaStoreOptions = {}) {
    this.now = options.now ?? (() => Date.now());
    this.ttlMs = options.ttlMs ?? CAPTCHA_TTL_MS;
  }

  async put(uuid: string, puzzle: CaptchaPuzzle): Promise<void> {
    const now = this.now();
    await withTenant(this.db, puzzle.tenantId, async (trx) => {
      await sweep(trx, now);
      await trx.insertInto('captcha_puzzle').values({
        tenant_id: puzzle.tenantId, uuid, state: 'pending', answer: puzzle.answer, accuracy: puzzle.accuracy,
        expires_at: new Date(now + this.ttlMs),
      }).execute();
    });
  }

  async take(tenantId: number, uuid: string): Promise<CaptchaPuzzle | undefined> {
    const row = await withTenant(this.db, tenantId, (trx) => trx.deleteFrom('captcha_puzzle')
      .where('uuid', '=', uuid).where('state', '=', 'pending')
      .returning(['answer', 'accuracy', 'expires_at']).executeTakeFirst());
    if (!row || row.answer === null || row.accuracy === null || row.expires_at.getTime() <= this.now()) return undefined;
    return { tenantId, answer: row.answer, accuracy: row.accuracy };
  }

  async markVerified(tenantId: number, uuid: string): Promise<void> {
    const expiresAt = new Date(this.now() + this.ttlMs);
    await withTenant(this.db, tenantId, (trx) => trx.insertInto('captcha_puzzle')
      .values({ tenant_id: tenantId, uuid, state: 'passed', answer: null, accuracy: null, expires_at: expiresAt })
      .onConflict((oc) => oc.columns(['tenant_id', 'uuid']).doUpdateSet({ state: 'passed', answer: null, accuracy: null, expires_at: expiresAt }))
      .execute());
  }

  async consumeVerified(tenantId: number, uuid: string): Promise<boolean> {
    const row = await withTenant(this.db, tenantId, (trx) => trx.deleteFrom('captcha_puzzle')
      .where('uuid', '=', uuid).where('state', '=', 'passed')
      .returning('expires_at').executeTakeFirst());
    return row !== undefined && row.expires_at.getTime() > this.now();
  }
}

/** Deletes the tenant's expired puzzles (nobody can use them; this keeps the table small). */
async function sweep(trx: Kysely<DB>, now: number): Promise<void> {
  await trx.deleteFrom('captcha_puzzle').where('expires_at', '<=', new Date(now)).execute();
}

/**
 * For sign-in (loginByAccount): true once when this tenant's uuid passed the slider check in the
 * last 2 minutes, on whichever node. Single use: a second call with the same uuid is false.
 */
export function consumeVerifiedCaptcha(db: Kysely<DB>, tenantId: number, uuid: string): Promise<boolean> {
  return new DbCaptchaStore(db).consumeVerified(tenantId, uuid);
}
