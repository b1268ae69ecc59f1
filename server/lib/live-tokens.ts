// Live tokens (spec learning §7 "Live tokens: GET /um/api/thirdPlt/token/argoLive and /argoRtm
// (param uid)"): short-lived, signed tokens for our own live playlist (purpose 'live') and chat
// socket (purpose 'rtm'). The spec's names come from third-party live and messaging services; ours
// are served by this server, so a token is an HMAC over what it grants, signed with the tenant's
// secret: no table, any API node verifies it. It names the tenant, the user, the sign-in session
// (so the chat can tell a second sign-in of the same user apart: 'signed-in-elsewhere') and the
// purpose, and it expires after LIVE_TOKEN_SECONDS. docs/decisions.md "Live tokens".
import { createHash, createHmac, timingSafeEqual } from 'node:crypto';
import type { FastifyInstance } from 'fastify';
import { LIVE_TOKEN_SECONDS } from '../../schemas/api/train-rooms';
import { tenantSecret } from './tenant-context';

/** What a live token is for: the stream (argoLive) or the chat socket (argoRtm). */
export type LivePurpose = 'live' | 'rtm';

/** What a valid live token says. */
export interface LiveTokenClaims {
  tenantId: number;
  userId: number;
  /** The sign-in session it was issued to (sessionIdOf the sign-in token's hash). */
  sessionId: string;
}

const PURPOSES: readonly LivePurpose[] = ['live', 'rtm'];
const FORMAT = /^([1-9]\d{0,14})\.([1-9]\d{0,14})\.(live|rtm)\.([0-9a-f]{16})\.(\d{1,12})\.([A-Za-z0-9_-]{43})$/;

/**
 * A sign-in session's id as live tokens carry it: derived from the stored hash of the sign-in
 * token, so it is the same for every live token of one sign-in and tells nothing about the token.
 */
export function sessionIdOf(signInTokenHash: string): string {
  return createHash('sha256').update(`live-session\n${signInTokenHash}`, 'utf8').digest('hex').slice(0, 16);
}

function signature(secret: string, tenantId: number, userId: number, purpose: LivePurpose, sessionId: string, expiresAt: number): string {
  // The "live-token" label keeps these apart from the tenant secret's other HMACs (media links, SMS codes).
  return createHmac('sha256', secret).update(`live-token\n${tenantId}\n${userId}\n${purpose}\n${sessionId}\n${expiresAt}`, 'utf8').digest('base64url');
}

/** A live token for a signed-in user's session, and when it expires (epoch ms). */
export async function issueLiveToken(
  app: FastifyInstance, claims: LiveTokenClaims, purpose: LivePurpose, now = Date.now(),
): Promise<{ token: string; expiresAt: number }> {
  const secret = await tenantSecret(app, claims.tenantId);
  const expiresAt = Math.floor(now / 1000) + LIVE_TOKEN_SECONDS;
  const sig = signature(secret, claims.tenantId, claims.userId, purpose, claims.sessionId, expiresAt);
  return { token: `${claims.tenantId}.${claims.userId}.${purpose}.${claims.sessionId}.${expiresAt}.${sig}`, expiresAt: expiresAt * 1000 };
}

/**
 * The claims of a live token issued for `purpose` that has not expired and carries a valid
 * signature of its tenant, else null (malformed, another purpose, expired, forged, unknown tenant).
 */
export async function verifyLiveToken(app: FastifyInstance, token: string, purpose: LivePurpose, now = Date.now()): Promise<LiveTokenClaims | null> {
  if (!PURPOSES.includes(purpose)) return null;
  const m = FORMAT.exec(token);
  if (!m || m[3] !== purpose) return null;
  const tenantId = Number(m[1]);
  const userId = Number(m[2]);
  const sessionId = m[4]!;
  const expiresAt = Number(m[5]);
  if (expiresAt * 1000 <= now) return null;
  // Compared as text, not as decoded bytes: the 43rd base64url character carries two unused bits,
  // so four spellings decode to the same signature and a decoded comparison would accept them all.
  const given = Buffer.from(m[6]!, 'utf8');
  // The node's cached secret; a mismatch reads it again once (a rotated secret, server/lib/tenant-secrets.ts).
  const valid = await app.tenantSecrets.verify(tenantId, (secret) => {
    const expected = Buffer.from(signature(secret, tenantId, userId, purpose, sessionId, expiresAt), 'utf8');
    return expected.length === given.length && timingSafeEqual(expected, given);
  });
  return valid ? { tenantId, userId, sessionId } : null;
}
