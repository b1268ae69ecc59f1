// Pending and verified slider-captcha puzzles. The first implementation is in-process memory (no
// migration this round): one API node, or sticky sessions, is needed until a shared store (a
// PostgreSQL table keyed (tenant_id, uuid), or Redis) implements the same interface. See
// docs/decisions.md "Slider captcha puzzles live in memory".

/** spec shell §4 "Captcha dialog": an unanswered puzzle, and a passed one, lives 2 minutes. */
export const CAPTCHA_TTL_MS = 2 * 60 * 1000;
/** Memory bound: past this many puzzles the oldest is dropped (its check then fails). */
export const CAPTCHA_STORE_CAP = 10_000;

/** A puzzle as the server remembers it; never sent to the browser. */
export interface CaptchaPuzzle {
  tenantId: number;
  /** Where the piece image's left edge must land (captcha-image.ts `answer`). */
  answer: number;
  /** spec shell §5: tolerance in px, the tenant's setting at the time the puzzle was drawn. */
  accuracy: number;
  /** Epoch ms. */
  createdAt: number;
}

/** Storage of puzzles by uuid; a DB-backed implementation can replace the memory one. */
export interface CaptchaStore {
  /** Remembers a new, unanswered puzzle. */
  put(uuid: string, puzzle: CaptchaPuzzle): void;
  /**
   * Removes and returns a pending puzzle of this tenant. Any take spends the uuid (spec: single
   * use), whatever the answer; undefined when unknown, expired, verified already or another tenant's.
   */
  take(tenantId: number, uuid: string): CaptchaPuzzle | undefined;
  /** Records that this uuid was answered correctly, so a sign-in may consume it within the TTL. */
  markVerified(tenantId: number, uuid: string): void;
  /** True once for a verified, unexpired uuid of this tenant; the uuid is spent either way. */
  consumeVerified(tenantId: number, uuid: string): boolean;
}

interface Entry {
  tenantId: number;
  state: 'pending' | 'verified';
  /** Epoch ms after which the entry is gone. */
  expiresAt: number;
  puzzle: CaptchaPuzzle | null;
}

/** The in-process store: a Map in insertion order, so the oldest entry is always first. */
export class MemoryCaptchaStore implements CaptchaStore {
  private readonly entries = new Map<string, Entry>();
  private readonly now: () => number;
  private readonly ttlMs: number;
  private readonly cap: number;

  constructor(options: { now?: () => number; ttlMs?: number; cap?: number } = {}) {
    this.now = options.now ?? Date.now;
    this.ttlMs = options.ttlMs ?? CAPTCHA_TTL_MS;
    this.cap = options.cap ?? CAPTCHA_STORE_CAP;
  }

  /** Entries held now (expired ones may linger until the next write sweeps them). */
  get size(): number {
    return this.entries.size;
  }

  put(uuid: string, puzzle: CaptchaPuzzle): void {
    this.add(uuid, { tenantId: puzzle.tenantId, state: 'pending', expiresAt: this.now() + this.ttlMs, puzzle });
  }

  take(tenantId: number, uuid: string): CaptchaPuzzle | undefined {
    const entry = this.live(uuid);
    if (entry?.state === 'pending') this.entries.delete(uuid);
    if (!entry || entry.state !== 'pending' || entry.tenantId !== tenantId) return undefined;
    return entry.puzzle ?? undefined;
  }

  markVerified(tenantId: number, uuid: string): void {
    this.entries.delete(uuid);
    this.add(uuid, { tenantId, state: 'verified', expiresAt: this.now() + this.ttlMs, puzzle: null });
  }

  consumeVerified(tenantId: number, uuid: string): boolean {
    const entry = this.live(uuid);
    if (!entry || entry.state !== 'verified') return false;
    this.entries.delete(uuid);
    return entry.tenantId === tenantId;
  }

  /** The entry unless it has expired (an expired one is deleted on sight). */
  private live(uuid: string): Entry | undefined {
    const entry = this.entries.get(uuid);
    if (entry && entry.expiresAt <= this.now()) {
      this.entries.delete(uuid);
      return undefined;
    }
    return entry;
  }

  private add(uuid: string, entry: Entry): void {
    // Every entry lives the same TTL from its insertion, so expiry order is insertion order: sweep
    // from the front until a live one, then drop the oldest while over the cap.
    const now = this.now();
    for (const [key, old] of this.entries) {
      if (old.expiresAt > now) break;
      this.entries.delete(key);
    }
    while (this.entries.size >= this.cap) {
      const oldest = this.entries.keys().next();
      if (oldest.done) break;
      this.entries.delete(oldest.value);
    }
    this.entries.set(uuid, entry);
  }
}

/** The process-wide store the captcha routes use unless a test passes its own. */
export const captchaStore: CaptchaStore = new MemoryCaptchaStore();

/**
 * For sign-in (loginByAccount): true once when this tenant's uuid passed the slider check in the
 * last 2 minutes. Single use: a second call with the same uuid is false.
 */
export function consumeVerifiedCaptcha(tenantId: number, uuid: string): boolean {
  return captchaStore.consumeVerified(tenantId, uuid);
}
