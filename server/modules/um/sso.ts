import { createHash, createHmac, randomBytes, timingSafeEqual } from 'node:crypto';
import type { FastifyInstance } from 'fastify';
import type { Kysely, Transaction } from 'kysely';
import { withTenant } from '../../db/database';
import type { DB } from '../../db/types';
import { hashPassword } from '../../lib/password';
import { hashToken, tenantIdOfToken } from '../../plugins/auth';
import { ApiError } from '../../plugins/envelope';
import { requireTenant, tenantSecret } from '../../lib/tenant-context';
import { findTenantSetting, findUserIdByAccount, registrationOpen } from './profile-repository';
import { issueSession } from './sign-in';
import { parseProviderConfigs, thirdPartyAccount, type ThirdPartyProvider, type ThirdPartyRegistry } from './third-party';
import { findUserInfo, insertAccount } from './user-repository';
import type { LoginResult } from '../../../schemas/api/um';
import { SsoMessages as M, type AuthInfo } from '../../../schemas/api/um-sso';

// Single sign-on for integrators (spec shell §4 "Login identities": the signed query oid, UUID,
// uname, appId and sg; the tokenid exchange; the sso_token) and third-party login. Every form is
// verified here, never trusted from the browser. Formulas and setup: docs/shell.md "Single sign-on
// and third-party login".

/** A signed request's ts may be this far from the server clock, either way. */
export const SSO_CLOCK_SKEW_MS = 5 * 60 * 1000;
/**
 * A uuid is remembered this long: a ts accepted at first sight can stay acceptable for at most
 * 2 × the skew afterwards, so a replay within that time must still find the uuid.
 */
export const SSO_NONCE_TTL_MS = 2 * SSO_CLOCK_SKEW_MS;
/** A tokenid lives 2 minutes and works once. */
export const TOKENID_TTL_MS = 2 * 60 * 1000;

const APP_ID = /^[A-Za-z0-9_.-]{1,64}$/;
const UUID = /^[A-Za-z0-9_-]{8,128}$/;
// No '|' anywhere: it separates the signed fields, so a field containing it could shift the others.
const FIELD = /^[^|\u0000-\u001f]{1,128}$/;

const fail = (message: string, errorCode: string, code = 400) => new ApiError(message, { code, errorCode });

// ---------------------------------------------------------------------------------------------
// Signing

/** An integrator app's secret: hex HMAC-SHA256(tenant.secret, 'sso-app:' + appId). Server side only. */
export function ssoAppSecret(tenantSecretText: string, appId: string): string {
  return createHmac('sha256', tenantSecretText).update(`sso-app:${appId}`, 'utf8').digest('hex');
}

/** The fields an integrator signs. ts is Unix time in seconds. */
export interface SignedFields {
  appId: string;
  oid?: string | undefined;
  uuid: string;
  uname: string;
  ts: number;
}

/** The signed text: `${appId}|${oid ?? ''}|${uuid}|${uname}|${ts}` (UTF-8). */
export function ssoSigningString(f: SignedFields): string {
  return `${f.appId}|${f.oid ?? ''}|${f.uuid}|${f.uname}|${f.ts}`;
}

/** sg: hex HMAC-SHA256(appSecret, signing string). */
export function ssoSignature(appSecret: string, f: SignedFields): string {
  return createHmac('sha256', appSecret).update(ssoSigningString(f), 'utf8').digest('hex');
}

function sameHex(expected: string, given: string): boolean {
  const a = Buffer.from(expected, 'hex');
  const b = Buffer.from(/^[0-9a-fA-F]*$/.test(given) && given.length % 2 === 0 ? given : '', 'hex');
  return a.length === b.length && timingSafeEqual(a, b);
}

// ---------------------------------------------------------------------------------------------
// One-time entries (used uuids, tokenids)

/**
 * Keys that may be used once within a TTL, kept in PostgreSQL (table one_time_entry, migration
 * 0015) so that every API node sees the same entries: a uuid used on one node is refused on the
 * next, and a tokenid issued by one node is exchanged on any (DESIGN "Beyond one machine").
 */
export interface OneTimeStore {
  /** Stores a key of a tenant (with the user it stands for); false when a live entry has the key already. */
  add(tenantId: number, key: string, userId?: number): Promise<boolean>;
  /** Removes and returns the live entry of a key (spent whatever the caller then decides). */
  take(tenantId: number, key: string): Promise<{ userId: number | null } | undefined>;
}

/** The store on the app's (row-level-secured) connection; keys are stored as their sha256. */
export class DbOneTimeStore implements OneTimeStore {
  constructor(
    private readonly db: Kysely<DB>,
    private readonly options: { kind: 'sso-nonce' | 'sso-tokenid'; ttlMs: number; now?: () => number },
  ) {}

  private now(): number {
    return (this.options.now ?? Date.now)();
  }

  async add(tenantId: number, key: string, userId?: number): Promise<boolean> {
    const now = new Date(this.now());
    const expiresAt = new Date(now.getTime() + this.options.ttlMs);
    const { kind } = this.options;
    return withTenant(this.db, tenantId, async (trx) => {
      await trx.deleteFrom('one_time_entry').where('kind', '=', kind).where('expires_at', '<=', now).execute();
      // An expired entry with the key may be overwritten; a live one makes the insert a no-op (no row back).
      const row = await trx.insertInto('one_time_entry')
        .values({ tenant_id: tenantId, kind, key_hash: sha256(key), user_id: userId ?? null, expires_at: expiresAt })
        .onConflict((oc) => oc.columns(['tenant_id', 'kind', 'key_hash'])
          .doUpdateSet({ user_id: userId ?? null, expires_at: expiresAt })
          .where('one_time_entry.expires_at', '<=', now))
        .returning('key_hash').executeTakeFirst();
      return row !== undefined;
    });
  }

  async take(tenantId: number, key: string): Promise<{ userId: number | null } | undefined> {
    const row = await withTenant(this.db, tenantId, (trx) => trx.deleteFrom('one_time_entry')
      .where('kind', '=', this.options.kind).where('key_hash', '=', sha256(key))
      .returning(['user_id', 'expires_at']).executeTakeFirst());
    return row && row.expires_at.getTime() > this.now() ? { userId: row.user_id === null ? null : Number(row.user_id) } : undefined;
  }
}

function sha256(text: string): string {
  return createHash('sha256').update(text, 'utf8').digest('hex');
}

/** What the SSO logic needs besides the app: the stores and the clock. */
export interface SsoContext {
  app: FastifyInstance;
  nonces: OneTimeStore;
  tokenIds: OneTimeStore;
  registry: ThirdPartyRegistry;
  now: () => number;
}

// ---------------------------------------------------------------------------------------------
// Signed SSO and tokenid

/** The appIds a tenant lets in: Security.ssoApps, a JSON array of strings (public; no secrets). */
export async function allowedSsoApps(trx: Transaction<DB>): Promise<Set<string>> {
  const item = await findTenantSetting(trx, 'Security', 'ssoApps');
  try {
    const list: unknown = JSON.parse(item?.paramValue ?? '[]');
    return new Set(Array.isArray(list) ? list.filter((x): x is string => typeof x === 'string') : []);
  } catch {
    return new Set();
  }
}

export interface SignedRequest extends SignedFields {
  tenantId: number;
  sg: string;
}

/**
 * Checks a signed request and returns the user it names. Order: shape, tenant, app listed, ts
 * window, signature, uuid unused (spent only once the signature holds, so nobody can burn another
 * app's uuids), account exists. The signature covers the fields exactly as sent (nothing is
 * trimmed). Accounts are never created here: an integrator signs in people the tenant already has.
 */
export async function verifySignedRequest(ctx: SsoContext, q: SignedRequest): Promise<number> {
  if (!APP_ID.test(q.appId)) throw fail(M.badRequest('appId must be 1-64 of A-Z a-z 0-9 _ . -'), 'VALIDATION');
  if (!UUID.test(q.uuid)) throw fail(M.badRequest('UUID must be 8-128 of A-Z a-z 0-9 _ -'), 'VALIDATION');
  if (!FIELD.test(q.uname) || (q.oid !== undefined && q.oid !== '' && !FIELD.test(q.oid))) throw fail(M.badRequest('uname and oid must be 1-128 characters without |'), 'VALIDATION');
  const secret = await tenantSecret(ctx.app, q.tenantId);
  const allowed = await withTenant(ctx.app.db.app, q.tenantId, allowedSsoApps);
  if (!allowed.has(q.appId)) throw fail(M.appNotAllowed, 'SSO_APP_NOT_ALLOWED', 403);
  if (!Number.isSafeInteger(q.ts) || Math.abs(ctx.now() - q.ts * 1000) > SSO_CLOCK_SKEW_MS) throw fail(M.expired, 'SSO_EXPIRED');
  if (!sameHex(ssoSignature(ssoAppSecret(secret, q.appId), q), q.sg)) throw fail(M.badSignature, 'SSO_BAD_SIGNATURE', 403);
  if (!(await ctx.nonces.add(q.tenantId, `${q.appId}|${q.uuid}`))) throw fail(M.replayed, 'SSO_REPLAYED');
  const userId = await withTenant(ctx.app.db.app, q.tenantId, (trx) => findUserIdByAccount(trx, q.uname));
  if (userId === undefined) throw fail(M.unknownAccount, 'USER_NOT_FOUND');
  return userId;
}

/** POST /um/api/user/ssoLogin: a signed query from the browser becomes a session. */
export async function loginBySignature(ctx: SsoContext, q: SignedRequest): Promise<LoginResult> {
  const userId = await verifySignedRequest(ctx, q);
  return withTenant(ctx.app.db.app, q.tenantId, (trx) => issueSession(trx, q.tenantId, userId));
}

/** POST /um/api/user/issueTokenId (server to server): a signed request becomes a one-time code. */
export async function issueTokenId(ctx: SsoContext, q: SignedRequest): Promise<{ tokenid: string; expiresIn: number }> {
  const userId = await verifySignedRequest(ctx, q);
  // Shaped like a session token (tenant id, dot, 43 characters): exchangeTokenId finds the tenant
  // whose rows hold it before it trusts the tenantId the browser sends.
  const tokenid = `${q.tenantId}.${randomBytes(32).toString('base64url')}`;
  if (!(await ctx.tokenIds.add(q.tenantId, tokenid, userId))) throw fail(M.busy, 'SSO_BUSY', 503);
  return { tokenid, expiresIn: TOKENID_TTL_MS / 1000 };
}

/** POST /um/api/user/exchangeToken: a tokenid becomes a session, once, in its own tenant only. */
export async function exchangeTokenId(ctx: SsoContext, tenantId: number, tokenid: string): Promise<LoginResult> {
  // Taken under the tenant the tokenid names, first: one presented to the wrong tenant is spent
  // too, so it cannot be tried again.
  const owner = tenantIdOfToken(tokenid);
  const entry = owner === undefined ? undefined : await ctx.tokenIds.take(owner, tokenid);
  const userId = entry?.userId;
  if (owner !== tenantId || userId === undefined || userId === null) throw fail(M.tokenIdInvalid, 'TOKENID_INVALID');
  const result = await withTenant(ctx.app.db.app, tenantId, async (trx) =>
    (await findUserInfo(trx, userId)) ? issueSession(trx, tenantId, userId) : undefined);
  if (!result) throw fail(M.unknownAccount, 'USER_NOT_FOUND');
  return result;
}

// ---------------------------------------------------------------------------------------------
// sso_token

/**
 * GET /um/api/tenant/user/auth/info: an sso_token is one of this portal's own session tokens
 * (issued to another of the tenant's apps on this server). It is shared, not copied: the browser
 * keeps using it, so logging out of either app revokes it for both. A token of another tenant,
 * or one expired or revoked, is refused.
 */
export async function authInfoOfToken(app: FastifyInstance, tenantId: number, token: string): Promise<AuthInfo> {
  const trimmed = token.trim();
  if (tenantIdOfToken(trimmed) !== tenantId) throw fail(M.ssoTokenInvalid, 'SSO_TOKEN_INVALID');
  const result = await withTenant(app.db.app, tenantId, async (trx) => {
    const row = await trx.selectFrom('user_token').select(['user_id', 'expires_at'])
      .where('token_hash', '=', hashToken(trimmed)).where('revoked_at', 'is', null).where('expires_at', '>', new Date())
      .executeTakeFirst();
    const userInfo = row ? await findUserInfo(trx, Number(row.user_id)) : undefined;
    return row && userInfo ? { id: Number(row.user_id), expireTime: new Date(row.expires_at).toISOString(), userInfo } : undefined;
  });
  if (!result) throw fail(M.ssoTokenInvalid, 'SSO_TOKEN_INVALID');
  return { tenantId, token: trimmed, ...result };
}

// ---------------------------------------------------------------------------------------------
// Third-party login

/** The tenant's usable providers (broken entries are logged and left out, so no dead buttons show). */
export async function tenantProviders(ctx: SsoContext, tenantId: number): Promise<ThirdPartyProvider[]> {
  await requireTenant(ctx.app.db.app, tenantId);
  const item = await withTenant(ctx.app.db.app, tenantId, (trx) => findTenantSetting(trx, 'Security', 'thirdPartyProviders'));
  const { configs, problems } = parseProviderConfigs(item?.paramValue);
  const providers: ThirdPartyProvider[] = [];
  for (const config of configs) {
    const built = ctx.registry.build(tenantId, config);
    if (built instanceof Error) problems.push(built.message);
    else providers.push(built);
  }
  if (problems.length) ctx.app.log.warn({ tenantId, problems }, 'Some third-party providers of the tenant are not usable.');
  return providers;
}

/**
 * POST /um/api/user/thirdParty/login: the provider's code becomes a session. The account is
 * thirdPartyAccount(provider, externalId); the first sign-in creates it (display name as nickname,
 * an unusable random password) when the tenant allows self-registration, else it is refused.
 * `state` is checked by the browser that started the flow (it kept it in sessionStorage).
 */
export async function loginByThirdParty(ctx: SsoContext, q: { tenantId: number; provider: string; code: string; redirectUri: string }): Promise<LoginResult> {
  const provider = (await tenantProviders(ctx, q.tenantId)).find((p) => p.id === q.provider);
  if (!provider) throw fail(M.providerNotConfigured, 'THIRD_PARTY_NOT_CONFIGURED', 404);
  let identity;
  try {
    identity = await provider.exchange(q.code, q.redirectUri);
  } catch (error) {
    ctx.app.log.warn({ err: error, tenantId: q.tenantId, provider: provider.id }, 'A third-party code exchange failed.');
    throw fail(M.thirdPartyFailed, 'THIRD_PARTY_FAILED', 502);
  }
  const account = thirdPartyAccount(provider.id, identity.externalId);
  const find = () => withTenant(ctx.app.db.app, q.tenantId, (trx) => findUserIdByAccount(trx, account));
  let userId = await find();
  if (userId === undefined) {
    if (!(await registrationOpen(ctx.app, q.tenantId))) throw fail(M.registerClosed, 'REGISTER_CLOSED', 403);
    const { hash, salt } = await hashPassword(createHash('md5').update(randomBytes(32)).digest('hex'));
    const nickName = identity.displayName?.trim().slice(0, 50) || null;
    try {
      userId = await withTenant(ctx.app.db.app, q.tenantId, (trx) =>
        insertAccount(trx, { tenantId: q.tenantId, account, hash, salt, mobile: null, realName: null, nickName }));
    } catch (error) {
      // Two first sign-ins racing: the unique index lets one insert, the other reads its row.
      if ((error as { code?: string }).code !== '23505') throw error;
      userId = await find();
      if (userId === undefined) throw error;
    }
  }
  const id = userId;
  return withTenant(ctx.app.db.app, q.tenantId, (trx) => issueSession(trx, q.tenantId, id));
}
