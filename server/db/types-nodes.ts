// Tables that keep API nodes stateless (migration 0015): captcha puzzles, one-time SSO entries and
// shared rate-limit windows.
import type { ColumnType } from 'kysely';
import type { Timestamp } from './types-columns';

/** A slider-captcha puzzle: pending (answer, accuracy) until checked, then passed until a sign-in spends it. */
export interface CaptchaPuzzleTable {
  tenant_id: ColumnType<number, number, never>;
  uuid: string;
  state: 'pending' | 'passed';
  answer: number | null;
  accuracy: number | null;
  expires_at: Timestamp;
}

/** A key usable once before expires_at: a signed SSO request's uuid, or a tokenid (then user_id). */
export interface OneTimeEntryTable {
  tenant_id: ColumnType<number, number, never>;
  kind: 'sso-nonce' | 'sso-tokenid';
  key_hash: string;
  user_id: number | null;
  expires_at: Timestamp;
}

/** Requests counted in one fixed window of one bucket (e.g. captcha draws of one address). */
export interface RateWindowTable {
  tenant_id: ColumnType<number, number, never>;
  bucket: string;
  window_start: Timestamp;
  count: number;
}
