// POST /um/api/tenant/register (issue 21 W; spec shell §7 "Tenant and settings"): an operator
// creates a new tenant. Not a tenant admin's call: it is authorised by OPERATOR_SECRET from the
// environment, presented as `Authorization: Bearer <secret>`. The tenant is written through the same
// writeTenant the demo seed uses, with default settings, navigation, the default home page and one
// admin account whose password is random and answered once.
import { createHash, randomBytes, randomInt, timingSafeEqual } from 'node:crypto';
import type { FastifyInstance, FastifyRequest } from 'fastify';
import { TenantSeed } from '../../../schemas/tenant-seed';
import type { TenantFunction, TenantLanguage } from '../../../schemas/api/um-tenant';
import { withTenant } from '../../db/database';
import { ApiError, FLAG_FAILED } from '../../plugins/envelope';
import { DEFAULT_HOME_TEMPLATE, HOME_PURPOSE, readPageTemplate, TEMPLATE_PAGES_DIR, writeTenant } from '../../lib/tenant-write';
import { assertValid } from '../../lib/validate';

/** Shorter operator secrets are refused as if unset: the secret is the call's only guard. */
export const OPERATOR_SECRET_MIN_LENGTH = 24;

/** Register calls one address may make per window, right secret or wrong (node-local; see docs/decisions.md). */
export const REGISTER_LIMIT = 10;
export const REGISTER_WINDOW_MS = 10 * 60 * 1000;

/** Codes that would clash with hosts the deployment itself uses. */
const RESERVED_CODES = new Set(['www', 'api', 'admin', 'static', 'assets', 'uploads', 'study', 'localhost', 'mail', 'docs']);
const CODE = /^[a-z0-9](?:[a-z0-9-]{0,30}[a-z0-9])$/;
const ACCOUNT = /^[A-Za-z0-9_@.-]{3,32}$/;
const MOBILE = /^1\d{10}$/;
/** spec shell §1: the tenant with id 1533 gets its own home and login pages, so a new tenant never takes it. */
const SPECIAL_TENANT_ID = 1533;

/** Per-address attempt counts of one app on this node, in fixed windows. */
export class AttemptWindows {
  private readonly counts = new Map<string, { windowStart: number; count: number }>();
  /** Counts one attempt from `key`; true while within REGISTER_LIMIT for the current window. */
  allow(key: string, now = Date.now()): boolean {
    const windowStart = Math.floor(now / REGISTER_WINDOW_MS) * REGISTER_WINDOW_MS;
    const slot = this.counts.get(key);
    const count = slot && slot.windowStart === windowStart ? slot.count + 1 : 1;
    this.counts.set(key, { windowStart, count });
    if (this.counts.size > 10_000) for (const [k, v] of this.counts) if (v.windowStart !== windowStart) this.counts.delete(k);
    return count <= REGISTER_LIMIT;
  }
}

function sha256(text: string): Buffer {
  return createHash('sha256').update(text, 'utf8').digest();
}

/**
 * Refuses the call unless OPERATOR_SECRET is set (long enough) and presented: a missing secret is
 * 401 OPERATOR_SECRET_REQUIRED, a wrong one 403 OPERATOR_SECRET_WRONG, compared in constant time.
 */
export function requireOperator(req: FastifyRequest, windows: AttemptWindows, env: NodeJS.ProcessEnv = process.env): void {
  if (!windows.allow(req.ip)) throw new ApiError(`Too many tenant registrations from this address: at most ${REGISTER_LIMIT} in 10 minutes; try again later.`, { code: 429, errorCode: 'RATE_LIMITED', httpStatus: 429 });

  const secret = env.OPERATOR_SECRET ?? '';
  if (secret.length < OPERATOR_SECRET_MIN_LENGTH) {
    throw new ApiError(`Tenant registration is off on this server: set OPERATOR_SECRET (at least ${OPERATOR_SECRET_MIN_LENGTH} characters) to enable it.`, { code: 403, errorCode: 'REGISTER_DISABLED', httpStatus: 403 });
  }
  const header = req.headers.authorization ?? '';
  const presented = header.startsWith('Bearer ') ? header.slice('Bearer '.length).trim() : '';
  // The operator's refusals carry real HTTP statuses (a script reads them); flag -1, not the
  // learner's 401 "please sign in".
  if (!presented) throw new ApiError('Present the operator secret as "Authorization: Bearer <OPERATOR_SECRET>".', { code: 401, errorCode: 'OPERATOR_SECRET_REQUIRED', flag: FLAG_FAILED, httpStatus: 401 });
  // Hashing both sides first gives equal lengths, so timingSafeEqual never leaks the secret's length.
  if (!timingSafeEqual(sha256(presented), sha256(secret))) throw new ApiError('The operator secret is wrong.', { code: 403, errorCode: 'OPERATOR_SECRET_WRONG', httpStatus: 403 });
}

/** What the operator asks for, checked. */
export interface NewTenantInput {
  code: string;
  name: string;
  type: TenantFunction;
  language: TenantLanguage;
  registerOpen: boolean;
  adminAccount: string;
  adminMobile?: string;
  timeZone?: string;
}

function isTimeZone(name: string): boolean {
  try {
    return Boolean(new Intl.DateTimeFormat('en', { timeZone: name }).resolvedOptions().timeZone);
  } catch {
    return false;
  }
}

/** Checks the operator's fields, with a message naming the field and the rule. */
export function checkNewTenant(body: { code: string; name: string; type?: TenantFunction; language?: TenantLanguage; registerOpen?: boolean; adminAccount?: string; adminMobile?: string; timeZone?: string }): NewTenantInput {
  const invalid = (message: string) => new ApiError(message, { code: 400, errorCode: 'VALIDATION' });
  const code = body.code.trim();
  if (!CODE.test(code)) throw new ApiError(`The code "${code}" is not valid: use 2 to 32 lowercase letters, digits and hyphens, starting and ending with a letter or digit.`, { code: 400, errorCode: 'TENANT_CODE_INVALID' });
  if (RESERVED_CODES.has(code)) throw new ApiError(`The code "${code}" is reserved for the deployment's own hosts; choose another.`, { code: 400, errorCode: 'TENANT_CODE_INVALID' });
  const name = body.name.trim();
  if (!name) throw invalid('Give the tenant a name.');
  const adminAccount = (body.adminAccount ?? 'admin').trim();
  if (!ACCOUNT.test(adminAccount)) throw invalid('The admin account must be 3 to 32 characters: letters, digits and _ @ . -');
  const adminMobile = body.adminMobile?.trim() || undefined;
  if (adminMobile !== undefined && !MOBILE.test(adminMobile)) throw invalid('The admin mobile must be an 11-digit number starting with 1.');
  const timeZone = body.timeZone?.trim() || undefined;
  if (timeZone !== undefined && !isTimeZone(timeZone)) throw invalid(`"${timeZone}" is not an IANA time zone (e.g. Asia/Shanghai).`);
  return {
    code, name, type: body.type ?? 'study', language: body.language ?? 'zh', registerOpen: body.registerOpen ?? true,
    adminAccount, ...(adminMobile ? { adminMobile } : {}), ...(timeZone ? { timeZone } : {}),
  };
}

/** The admin's one-time password: 20 characters, upper and lower case, a digit and a symbol (about 100 random bits). */
export function oneTimePassword(): string {
  const pick = (chars: string) => chars[randomInt(chars.length)]!;
  const body = randomBytes(12).toString('base64url').replace(/[-_]/g, 'x');
  return `${pick('ABCDEFGHJKLMNPQRSTUVWXYZ')}${pick('abcdefghijkmnpqrstuvwxyz')}${pick('23456789')}${pick('@#%+')}${body}`;
}

/** The navigation a new tenant starts with, per portal variant and language. */
function defaultNavigation(type: TenantFunction, language: TenantLanguage): { title: string; pageCode: string; pagePath: string }[] {
  const en = language === 'en';
  const home = { title: en ? 'Home' : '首页', pageCode: 'home', pagePath: '/home' };
  if (type === 'shop') return [home, { title: en ? 'Products' : '商品', pageCode: 'product', pagePath: '/product' }];
  if (type === 'gpt') return [home, { title: en ? 'AI chat' : 'AI 对话', pageCode: 'robot', pagePath: '/robot' }];
  return [
    home,
    { title: en ? 'Courses' : '课程', pageCode: 'course', pagePath: '/course' },
    { title: en ? 'Classes' : '培训班', pageCode: 'classes', pagePath: '/classes' },
    { title: en ? 'Exams' : '考试', pageCode: 'exam', pagePath: '/examList' },
  ];
}

/** The new tenant as a TenantSeed: default settings, navigation, the default home page and its admin. */
export async function newTenantSeed(id: number, input: NewTenantInput, adminPassword: string): Promise<TenantSeed> {
  const en = input.language === 'en';
  const json = (value: unknown) => JSON.stringify(value);
  const homeCode = `${input.code.replace(/-/g, '_')}_home`;
  const seed = {
    id, code: input.code, name: input.name, tenantType: 1, ...(input.timeZone ? { timeZone: input.timeZone } : {}),
    stores: [{ id: 1, name: input.name, orgPath: `/${id}`, state: 0, globalStyle: { themeColor1: '#1677ff', themeColor2: '#69b1ff' } }],
    configList: [
      { paramGroup: 'PcStartup', paramKey: 'appName', paramValue: input.name, paramValueType: 1 },
      { paramGroup: 'PcStartup', paramKey: 'colorStyle', paramValue: 'light', paramValueType: 1 },
      { paramGroup: 'PcStartup', paramKey: 'options', paramValueType: 2, paramValue: json({ auth: { open: true }, function: input.type, hasCart: input.type === 'shop', pageWidth: 1280, language: input.language }) },
      { paramGroup: 'PcStartup', paramKey: 'navbar', paramValueType: 2, paramValue: json({ userMenu: ['admin', 'user', 'logout'] }) },
      { paramGroup: 'sys_init_param', paramKey: 'userPower', paramValueType: 2, paramValue: json([0, 1, 2, 3, 4, 5, 6, 7, 8, 9]) },
      { paramGroup: 'Security', paramKey: 'forceLogin', paramValue: '1', paramValueType: 1 },
      { paramGroup: 'Study', paramKey: 'finishAudio', paramValue: '90', paramValueType: 1 },
      { paramGroup: 'PcFoot', paramKey: 'footer', paramValueType: 2, paramValue: json({ footStyle: 0, statement: `© ${new Date().getFullYear()} ${input.name}` }) },
      { paramGroup: 'PcLoginConfig', paramKey: 'loginConfig', paramValueType: 2, paramValue: json({ loginTypes: input.adminMobile ? ['account', 'mobile'] : ['account'], slideCaptcha: false, allowRegister: input.registerOpen }) },
    ],
    navigateList: defaultNavigation(input.type, input.language).map((n, i) => ({ id: i + 1, storeId: 1, sort: i + 1, ...n })),
    pages: [{
      pageId: 1, name: en ? `${input.name} home` : `${input.name}首页`, pageCode: homeCode, type: 0, storeId: 1, purpose: HOME_PURPOSE, state: 1, sort: 1,
      // The same default the seed gives a home page without its own (templates/pages/default-home.json).
      template: await readPageTemplate(TEMPLATE_PAGES_DIR, DEFAULT_HOME_TEMPLATE, `The new tenant "${input.code}"`),
    }],
    users: [{ account: input.adminAccount, password: adminPassword, realName: en ? 'Administrator' : '管理员', adminAuth: true, ...(input.adminMobile ? { mobile: input.adminMobile } : {}) }],
  };
  // Validated like a tenant file, so a register can never write what the seed would refuse.
  return assertValid<TenantSeed>(TenantSeed, seed, `The new tenant "${input.code}"`);
}

/** The next free tenant id (never the special 1533). The tenant directory has no row-level security. */
async function nextTenantId(app: FastifyInstance): Promise<number> {
  const row = await app.db.app.selectFrom('tenant').select((eb) => eb.fn.max('id').as('max')).executeTakeFirst();
  const next = Number(row?.max ?? 0) + 1;
  return next === SPECIAL_TENANT_ID ? next + 1 : next;
}

function uniqueViolation(error: unknown): string | undefined {
  const e = error as { code?: string; constraint?: string };
  return e.code === '23505' ? (e.constraint ?? '') : undefined;
}

/** Creates the tenant; a taken code is 409 TENANT_CODE_TAKEN; two registers racing for one id retry. */
export async function registerTenant(app: FastifyInstance, input: NewTenantInput): Promise<{ id: number; homePageCode: string; userId: number; password: string }> {
  const taken = () => new ApiError(`The code "${input.code}" is taken by another tenant; choose another.`, { code: 409, errorCode: 'TENANT_CODE_TAKEN' });
  const clash = await app.db.app.selectFrom('tenant').select('id').where('code', '=', input.code).executeTakeFirst();
  if (clash) throw taken();
  const password = oneTimePassword();
  for (let attempt = 0; ; attempt++) {
    const id = await nextTenantId(app);
    const seed = await newTenantSeed(id, input, password);
    try {
      const ids = await withTenant(app.db.app, id, (trx) => writeTenant(trx, seed));
      return { id, homePageCode: seed.pages[0]!.pageCode, userId: ids.get(input.adminAccount)!, password };
    } catch (error) {
      const constraint = uniqueViolation(error);
      if (constraint === 'tenant_code_key') throw taken();
      if (constraint === 'tenant_pkey' && attempt < 3) continue;
      throw error;
    }
  }
}
