import { createHmac, randomInt, timingSafeEqual } from 'node:crypto';
import type { FastifyInstance } from 'fastify';
import type { Kysely } from 'kysely';
import { withTenant } from '../../db/database';
import type { DB } from '../../db/types';
import { hashPassword, verifyPassword } from '../../lib/password';
import { ApiError } from '../../plugins/envelope';
import { TOKEN_LIFETIME_MS, hashToken, newToken } from '../../plugins/auth';
import { requireTenant, tenantSecret } from '../../lib/tenant-context';
import {
  addSmsCodeAttempt, countTenantSmsSends, countUnsuccessfulAttempts, deleteAttempts, deleteOldAttempts, findLiveSmsCode, findSmsSendStats,
  findSmsSourceStats, insertPendingAttempts, insertSmsCode, lockMobile, lockSmsSource, markSmsCodeUsed, recordSmsSend, settleAttempts,
} from './limit-repository';
import { deleteStaleTokens, insertToken } from '../../lib/tokens';
import { accountExists, findAccountSecret, findUserIdByMobile, findUserInfo, insertAccount } from './user-repository';
import { SignInMessages as M, type LoginResult } from '../../../schemas/api/um';

// The sign-in flows behind the um user routes: password, SMS code, registration. Limits (docs/api.md
// "Accounts and sign-in"), each over 10 minutes: 50 failed logins per IP; per account, the slider
// captcha after 3 failures from anywhere and a lock after 5 failures from one address (that address
// only); one SMS per mobile per 60 s and 10 per 24 h; a code lives 5 minutes, allows 5 wrong tries
// and works once.

export const LOGIN_WINDOW_MINUTES = 10;
/**
 * Failures of one account from one address before that address is locked out of the account.
 * Issue 14 point 18: the lock used to hold the account against every address, so anyone could
 * lock a known learner out; now the learner's own device still signs in.
 */
export const LOGIN_FAILURES_PER_ACCOUNT = 5;
/** Failures of one account (from anywhere) after which its sign-in needs the slider captcha. */
export const LOGIN_FAILURES_BEFORE_CAPTCHA = 3;
export const LOGIN_FAILURES_PER_IP = 50;
export const SMS_RESEND_SECONDS = 60; // spec shell §9: verification code resend wait 60 s
export const SMS_PER_DAY = 10;
export const SMS_CODE_TTL_SECONDS = 5 * 60;
/**
 * Issue 14 point 16 (30 of 30 different mobiles got a code from one address): per client address,
 * once it has sent to SMS_MOBILES_BEFORE_CAPTCHA different mobiles in an hour, a code to another
 * mobile needs a passed slider captcha; at most SMS_PER_IP_PER_HOUR codes an hour in all. Per
 * tenant, at most SMS_PER_TENANT_PER_HOUR codes an hour (SMS_TENANT_HOURLY_CAP overrides it).
 * The counts live in PostgreSQL, so they hold across API nodes.
 */
export const SMS_SOURCE_WINDOW_MINUTES = 60;
export const SMS_MOBILES_BEFORE_CAPTCHA = 3;
export const SMS_PER_IP_PER_HOUR = 20;
export const SMS_PER_TENANT_PER_HOUR = 500;

function tenantHourlyCap(): number {
  const configured = Number(process.env.SMS_TENANT_HOURLY_CAP);
  return Number.isInteger(configured) && configured > 0 ? configured : SMS_PER_TENANT_PER_HOUR;
}
export const SMS_CODE_MAX_TRIES = 5;

const MOBILE = /^1[3-9]\d{9}$/; // spec shell §5 "Mobile phone" and §9
const MD5 = /^[0-9a-fA-F]{32}$/;
const ACCOUNT = /^[A-Za-z0-9_@.-]{3,32}$/;

const fail = (message: string, errorCode: string, code = 400) => new ApiError(message, { code, errorCode });

/** A trimmed mobile that matches the spec pattern, or the spec's message (§5 "Mobile phone"). */
export function checkMobile(raw: string | undefined): string {
  const mobile = raw?.trim() ?? '';
  if (!mobile) throw fail(M.mobileRequired, 'VALIDATION');
  if (!MOBILE.test(mobile)) throw fail(M.mobileInvalid, 'VALIDATION');
  return mobile;
}

/** The stored form of a code: HMAC with the tenant secret, so a leaked table does not give codes away. */
function codeHash(secret: string, mobile: string, code: string): string {
  return createHmac('sha256', secret).update(`${mobile}:${code}`).digest('hex');
}

/** Creates a token for a user and returns the sign-in answer (spec shell §3 "Register info" + user info). */
export async function issueSession(db: Kysely<DB>, tenantId: number, userId: number): Promise<LoginResult> {
  const token = newToken(tenantId);
  const expiresAt = new Date(Date.now() + TOKEN_LIFETIME_MS);
  await insertToken(db, { tenantId, tokenHash: hashToken(token), userId, expiresAt });
  await deleteStaleTokens(db, userId);
  const userInfo = await findUserInfo(db, userId);
  if (!userInfo) throw new Error(`User ${userId} vanished while signing in.`);
  return { id: userId, token, expireTime: expiresAt.toISOString(), userInfo };
}

// An unknown account still costs one scrypt, so timing does not tell whether it exists.
let decoy: Promise<{ hash: string; salt: string }> | undefined;
const decoyPassword = () => (decoy ??= hashPassword('0'.repeat(32)));

/** The refusal when an account's sign-in needs the slider captcha first. */
export const captchaRequired = () => new ApiError(M.captchaRequired, { code: 400, errorCode: 'CAPTCHA_REQUIRED' });

/**
 * Account + password sign-in, rate-limited before the password is checked: per IP, per account and
 * address (a lock of that address only), and per account (the slider captcha; `captchaPassed` says
 * whether the request brought a passed puzzle).
 */
export async function loginWithPassword(app: FastifyInstance, q: { tenantId: number; account: string; password: string; ip: string; captchaPassed?: boolean }): Promise<LoginResult> {
  const account = q.account.trim();
  if (!account) throw fail(M.accountRequired, 'VALIDATION');
  if (!q.password.trim()) throw fail(M.passwordRequired, 'VALIDATION');
  await requireTenant(app.db.app, q.tenantId);
  const accountKey = `account:${account.toLowerCase()}`;
  const sourceKey = `account-ip:${account.toLowerCase()}|${q.ip}`;
  const ipKey = `ip:${q.ip}`;
  const keys = [accountKey, sourceKey, ipKey];

  // The attempt is recorded (pending) before counting, so simultaneous requests on several nodes
  // see each other and cannot together slip past the limit.
  const { ids, counts, user } = await withTenant(app.db.app, q.tenantId, async (trx) => ({
    ids: await insertPendingAttempts(trx, q.tenantId, keys),
    counts: await countUnsuccessfulAttempts(trx, keys, LOGIN_WINDOW_MINUTES),
    user: await findAccountSecret(trx, account),
  }));
  // Counts include this attempt (pending), so "> n" means n earlier failures.
  const refusal = (counts.get(sourceKey) ?? 0) > LOGIN_FAILURES_PER_ACCOUNT || (counts.get(ipKey) ?? 0) > LOGIN_FAILURES_PER_IP
    ? fail(M.loginLimited, 'LOGIN_RATE_LIMITED', 429)
    : (counts.get(accountKey) ?? 0) > LOGIN_FAILURES_BEFORE_CAPTCHA && !q.captchaPassed ? captchaRequired() : undefined;
  if (refusal) {
    // A refused request checks nothing, so it does not count as a failure or extend the lock-out.
    await withTenant(app.db.app, q.tenantId, (trx) => deleteAttempts(trx, ids));
    throw refusal;
  }

  const stored = user ? { hash: user.passwordHash, salt: user.passwordSalt } : await decoyPassword();
  const matches = MD5.test(q.password) && (await verifyPassword(q.password, stored.hash, stored.salt));
  const good = matches && user !== undefined;
  const result = await withTenant(app.db.app, q.tenantId, async (trx) => {
    await settleAttempts(trx, ids, good);
    await deleteOldAttempts(trx, keys);
    return good ? issueSession(trx, q.tenantId, user.id) : undefined;
  });
  // One message for an unknown account and a wrong password alike.
  if (!result) throw fail(M.badCredentials, 'BAD_CREDENTIALS');
  return result;
}

/**
 * Sends a 6-digit code to a mobile, whether or not an account has it (no account enumeration).
 * `source` is the client: its address, and whether it brought a passed slider captcha.
 */
export async function sendSmsCode(app: FastifyInstance, tenantId: number, rawMobile: string | undefined, source: { ip: string; captchaPassed?: boolean }): Promise<{ retryAfter: number }> {
  const mobile = checkMobile(rawMobile);
  const secret = await tenantSecret(app, tenantId);
  const code = String(randomInt(0, 1_000_000)).padStart(6, '0');
  await withTenant(app.db.app, tenantId, async (trx) => {
    // One lock order everywhere (address, then mobile), so two sends never wait on each other.
    await lockSmsSource(trx, tenantId, source.ip);
    await lockMobile(trx, tenantId, mobile);
    const stats = await findSmsSendStats(trx, mobile);
    if (stats.sentToday >= SMS_PER_DAY) throw fail(M.smsDailyLimit, 'SMS_DAILY_LIMIT', 429);
    if (stats.secondsSinceLast !== null && stats.secondsSinceLast < SMS_RESEND_SECONDS) {
      throw fail(M.smsTooSoon(Math.max(1, Math.ceil(SMS_RESEND_SECONDS - stats.secondsSinceLast))), 'SMS_TOO_FREQUENT', 429);
    }
    const sent = await findSmsSourceStats(trx, source.ip, mobile, SMS_SOURCE_WINDOW_MINUTES);
    if (sent.sends >= SMS_PER_IP_PER_HOUR) throw fail(M.smsSourceLimit, 'SMS_IP_LIMIT', 429);
    if (!sent.knownMobile && sent.mobiles >= SMS_MOBILES_BEFORE_CAPTCHA && !source.captchaPassed) throw captchaRequired();
    if ((await countTenantSmsSends(trx, SMS_SOURCE_WINDOW_MINUTES)) >= tenantHourlyCap()) {
      app.log.warn({ tenantId }, 'The tenant reached its hourly SMS cap; codes are refused until the hour has passed.');
      throw fail(M.smsTenantLimit, 'SMS_TENANT_LIMIT', 429);
    }
    await insertSmsCode(trx, { tenantId, mobile, codeHash: codeHash(secret, mobile, code), ttlSeconds: SMS_CODE_TTL_SECONDS });
    await recordSmsSend(trx, tenantId, source.ip, mobile);
  });
  // Sent after the code is committed: a provider is never asked to deliver a code that was not stored.
  try {
    await app.smsSender.send({ tenantId, mobile, code, text: `您的验证码是${code}，${SMS_CODE_TTL_SECONDS / 60}分钟内有效，请勿泄露。` });
  } catch (error) {
    app.log.error({ err: error, tenantId, sender: app.smsSender.name }, 'The SMS provider did not accept a verification code.');
    throw new ApiError('验证码发送失败，请稍后再试', { code: 502, errorCode: 'SMS_SEND_FAILED' });
  }
  return { retryAfter: SMS_RESEND_SECONDS };
}

/**
 * Checks a code against the mobile's newest live code and uses it up when right. Returns whether
 * it matched; a wrong try is counted, so the caller must let the transaction commit before failing.
 */
export async function useSmsCode(trx: Kysely<DB>, tenantId: number, secret: string, mobile: string, code: string): Promise<boolean> {
  await lockMobile(trx, tenantId, mobile);
  const live = await findLiveSmsCode(trx, mobile);
  if (!live || live.attempts >= SMS_CODE_MAX_TRIES) return false;
  const expected = Buffer.from(live.codeHash, 'hex');
  const given = Buffer.from(codeHash(secret, mobile, code.trim()), 'hex');
  if (!timingSafeEqual(expected, given)) {
    await addSmsCodeAttempt(trx, live.id);
    return false;
  }
  await markSmsCodeUsed(trx, live.id);
  return true;
}

/** Mobile + code sign-in (spec shell §4 "Login identities"). */
export async function loginWithSmsCode(app: FastifyInstance, q: { tenantId: number; mobile: string; checkNum: string }): Promise<LoginResult> {
  const mobile = checkMobile(q.mobile);
  if (!q.checkNum.trim()) throw fail(M.codeRequired, 'VALIDATION');
  const secret = await tenantSecret(app, q.tenantId);
  const outcome = await withTenant(app.db.app, q.tenantId, async (trx): Promise<LoginResult | ApiError> => {
    if (!(await useSmsCode(trx, q.tenantId, secret, mobile, q.checkNum))) return fail(M.codeWrong, 'BAD_CHECKNUM');
    // Only someone holding the phone gets this far, so saying it has no account reveals nothing.
    const userId = await findUserIdByMobile(trx, mobile);
    if (userId === undefined) return fail(M.mobileNotRegistered, 'USER_NOT_FOUND');
    return issueSession(trx, q.tenantId, userId);
  });
  if (outcome instanceof ApiError) throw outcome;
  return outcome;
}

export interface RegisterInput {
  tenantId: number;
  account: string;
  password: string;
  mobile?: string | undefined;
  checkNum?: string | undefined;
  realName?: string | undefined;
  nickName?: string | undefined;
}

/** Creates an account and signs it in; a mobile must come with its code. */
export async function registerAccount(app: FastifyInstance, q: RegisterInput): Promise<LoginResult> {
  const account = q.account.trim();
  if (!account) throw fail(M.accountRequired, 'VALIDATION');
  if (!ACCOUNT.test(account)) throw fail(M.accountInvalid, 'VALIDATION');
  if (!q.password.trim()) throw fail(M.passwordRequired, 'VALIDATION');
  // spec shell §5: passwords arrive as md5 of the trimmed text.
  if (!MD5.test(q.password)) throw fail('Send the password as the md5 hex of the trimmed text (32 hex digits).', 'VALIDATION');
  const mobile = q.mobile?.trim() ? checkMobile(q.mobile) : null;
  if (mobile && !q.checkNum?.trim()) throw fail(M.codeRequired, 'VALIDATION');
  const secret = await tenantSecret(app, q.tenantId);
  const { hash, salt } = await hashPassword(q.password);
  const blank = (text: string | undefined) => text?.trim() || null;

  try {
    const outcome = await withTenant(app.db.app, q.tenantId, async (trx): Promise<LoginResult | ApiError> => {
      if (await accountExists(trx, account)) return fail(M.accountTaken, 'USER_ALREADY_REG');
      if (mobile) {
        if (!(await useSmsCode(trx, q.tenantId, secret, mobile, q.checkNum ?? ''))) return fail(M.codeWrong, 'BAD_CHECKNUM');
        // Asked only after the code matched, so nobody learns which mobiles are bound without the phone.
        if ((await findUserIdByMobile(trx, mobile)) !== undefined) return fail(M.mobileTaken, 'MOBILE_ALREADY_BOUND');
      }
      const userId = await insertAccount(trx, { tenantId: q.tenantId, account, hash, salt, mobile, realName: blank(q.realName), nickName: blank(q.nickName) });
      return issueSession(trx, q.tenantId, userId);
    });
    if (outcome instanceof ApiError) throw outcome;
    return outcome;
  } catch (error) {
    // Two registrations racing for one account or mobile: the unique index decides.
    const pg = error as { code?: string; constraint?: string };
    if (pg.code === '23505') {
      throw pg.constraint?.includes('mobile') ? fail(M.mobileTaken, 'MOBILE_ALREADY_BOUND') : fail(M.accountTaken, 'USER_ALREADY_REG');
    }
    throw error;
  }
}
