import type { FastifyInstance } from 'fastify';
import type { TypeBoxTypeProvider } from '@fastify/type-provider-typebox';
import { Type } from 'typebox';
import { Envelope } from '../../../schemas/common';
import { withTenant } from '../../db/database';
import { hashPassword, verifyPassword } from '../../lib/password';
import { hashToken, presentedToken, requireUser } from '../../plugins/auth';
import { ApiError, ok } from '../../plugins/envelope';
import { requireTenant, tenantSecret } from '../../lib/tenant-context';
import {
  findMobile, findPassword, findTenantSetting, findUserIdByAccount, revokeOtherTokens, updateMobile, updatePassword, updateProfile, type ProfileChanges,
} from './profile-repository';
import { checkMobile, issueSession, useSmsCode } from './sign-in';
import { findUserIdByMobile, findUserInfo } from './user-repository';
import {
  BindMobileBody, BindMobileResult, BoundMobile, DefaultLoginBody, LoginResult, ModifyPasswordBody, ModProfileBody, SignInMessages, TenantQuery, UserInfo,
} from '../../../schemas/api/um';

// Profile, account security and the tenant's default sign-in (spec shell §4, §5 "Profile editing",
// §6, §7 modProfile / getBindMobile / bindMobile / modifyPassword, §8).

const MD5 = /^[0-9a-fA-F]{32}$/;

/** spec shell §5 "Profile editing": userPower indexes → body fields and their names in messages. */
const POWER_FIELDS: ReadonlyArray<{ index: number; fields: readonly string[]; label: string }> = [
  { index: 0, fields: ['avatarImg'], label: '头像' },
  { index: 1, fields: ['realName'], label: '真实姓名' },
  { index: 2, fields: ['nickName'], label: '昵称' },
  { index: 3, fields: ['email'], label: '邮箱' },
  { index: 4, fields: ['gender'], label: '性别' },
  { index: 5, fields: ['orgName'], label: '部门' },
  { index: 6, fields: ['postName'], label: '岗位' },
  { index: 7, fields: ['countyCode', 'countyName'], label: '地区' },
  { index: 8, fields: ['birthday'], label: '生日' },
  { index: 9, fields: ['summary'], label: '个人简介' },
];

const EMAIL = /^[^\s@]+@[^\s@]+\.[^\s@]+$/;
const fail = (message: string, errorCode: string) => new ApiError(message, { code: 400, errorCode });
const blank = (v: string | null | undefined) => (v === undefined ? undefined : v === null || !v.trim() ? null : v.trim());

/** The tenant's userPower list (sys_init_param.userPower, a JSON array of indexes); [] when unset or broken. */
function userPowerOf(value: string | undefined): number[] {
  try {
    const parsed: unknown = JSON.parse(value ?? '[]');
    return Array.isArray(parsed) ? parsed.filter((n): n is number => Number.isInteger(n)) : [];
  } catch {
    return [];
  }
}

/** The tenant's loginConfig JSON (PcLoginConfig.loginConfig), {} when unset. */
function loginConfigOf(value: string | undefined): Record<string, unknown> {
  try {
    const parsed: unknown = JSON.parse(value ?? '{}');
    return parsed && typeof parsed === 'object' ? (parsed as Record<string, unknown>) : {};
  } catch {
    return {};
  }
}

export async function umProfileRoutes(app: FastifyInstance): Promise<void> {
  const r = app.withTypeProvider<TypeBoxTypeProvider>();

  r.post('/um/api/user/modProfile', {
    schema: {
      tags: ['um'], summary: 'Save the profile; only fields the tenant\'s userPower allows may be sent (spec shell §5).',
      body: ModProfileBody,
      response: { 200: Envelope(UserInfo) },
    },
  }, async (req) => {
    const { tenantId, ...form } = req.body;
    const user = requireUser(req, tenantId);
    const info = await withTenant(app.db.app, tenantId, async (trx) => {
      const allowed = new Set(userPowerOf((await findTenantSetting(trx, 'sys_init_param', 'userPower'))?.paramValue));
      const sent = Object.keys(form).filter((key) => (form as Record<string, unknown>)[key] !== undefined);
      for (const key of sent) {
        const power = POWER_FIELDS.find((p) => p.fields.includes(key));
        if (power && !allowed.has(power.index)) throw fail(`该企业不允许修改${power.label}。`, 'FIELD_NOT_EDITABLE');
      }
      if (form.email && !EMAIL.test(form.email.trim())) throw fail('请输入正确的邮箱地址', 'VALIDATION');
      if (form.birthday !== undefined && form.birthday !== null && (form.birthday > Date.now() || form.birthday < Date.UTC(1900, 0, 1))) {
        throw fail('请选择正确的生日', 'VALIDATION');
      }
      if (form.avatarImg && !/^(\/uploads\/|https?:\/\/)/.test(form.avatarImg)) throw fail('头像地址无效，请重新上传。', 'VALIDATION');
      const changes: ProfileChanges = {};
      if (form.avatarImg !== undefined) changes.avatar_img = blank(form.avatarImg) ?? null;
      if (form.realName !== undefined) changes.real_name = blank(form.realName) ?? null;
      if (form.nickName !== undefined) changes.nick_name = blank(form.nickName) ?? null;
      if (form.email !== undefined) changes.email = blank(form.email) ?? null;
      if (form.gender !== undefined) changes.gender = form.gender;
      if (form.orgName !== undefined) changes.org_name = blank(form.orgName) ?? null;
      if (form.postName !== undefined) changes.post_name = blank(form.postName) ?? null;
      if (form.countyCode !== undefined) changes.county_code = blank(form.countyCode) ?? null;
      if (form.countyName !== undefined) changes.county_name = blank(form.countyName) ?? null;
      if (form.birthday !== undefined) changes.birthday = form.birthday === null ? null : new Date(form.birthday);
      // spec shell §5: summary at most 100 characters (the schema and the column check it too).
      if (form.summary !== undefined) changes.summary = blank(form.summary) ?? null;
      await updateProfile(trx, user.userId, changes);
      return findUserInfo(trx, user.userId);
    });
    if (!info) throw fail('账号不存在', 'NOT_FOUND');
    return ok(info, '修改成功');
  });

  r.get('/um/api/user/getBindMobile', {
    schema: {
      tags: ['um'], summary: 'The bound mobile, masked: first 3 and last 4 digits (spec shell §7).',
      querystring: TenantQuery,
      response: { 200: Envelope(BoundMobile) },
    },
  }, async (req) => {
    const user = requireUser(req, req.query.tenantId);
    const mobile = await withTenant(app.db.app, req.query.tenantId, (trx) => findMobile(trx, user.userId));
    return ok({ mobile: mobile ? `${mobile.slice(0, 3)}****${mobile.slice(-4)}` : null });
  });

  r.post('/um/api/user/bindMobile', {
    schema: {
      tags: ['um'], summary: 'Bind a mobile after its verification code.',
      body: BindMobileBody,
      response: { 200: Envelope(BindMobileResult) },
    },
  }, async (req) => {
    const { tenantId } = req.body;
    const user = requireUser(req, tenantId);
    const mobile = checkMobile(req.body.mobile);
    if (!req.body.checkNum.trim()) throw fail(SignInMessages.codeRequired, 'VALIDATION');
    const secret = await tenantSecret(app, tenantId);
    const outcome = await withTenant(app.db.app, tenantId, async (trx): Promise<ApiError | null> => {
      if (!(await useSmsCode(trx, tenantId, secret, mobile, req.body.checkNum))) return fail(SignInMessages.codeWrong, 'BAD_CHECKNUM');
      const owner = await findUserIdByMobile(trx, mobile);
      if (owner !== undefined && owner !== user.userId) return fail(SignInMessages.mobileTaken, 'MOBILE_ALREADY_BOUND');
      await updateMobile(trx, user.userId, mobile);
      return null;
    });
    // A wrong code is counted in the transaction above, which must commit before the failure is sent.
    if (outcome) throw outcome;
    return ok({ mobile: `${mobile.slice(0, 3)}****${mobile.slice(-4)}` }, '绑定成功');
  });

  r.post('/um/api/user/modifyPassword', {
    schema: {
      tags: ['um'], summary: 'Change the password (both md5 of the trimmed text); other sessions of the user are signed out.',
      body: ModifyPasswordBody,
      response: { 200: Envelope(Type.Null()) },
    },
  }, async (req) => {
    const { tenantId, password, newPassword } = req.body;
    const user = requireUser(req, tenantId);
    if (!password) throw fail('请输入密码', 'VALIDATION');
    if (!MD5.test(password) || !MD5.test(newPassword)) throw fail('Send both passwords as the md5 hex of the trimmed text (32 hex digits).', 'VALIDATION');
    if (password.toLowerCase() === newPassword.toLowerCase()) throw fail('新旧密码不能一致', 'VALIDATION');
    const { hash, salt } = await hashPassword(newPassword);
    const token = presentedToken(req);
    const changed = await withTenant(app.db.app, tenantId, async (trx) => {
      const stored = await findPassword(trx, user.userId);
      if (!stored || !(await verifyPassword(password, stored.hash, stored.salt))) return false;
      await updatePassword(trx, user.userId, hash, salt);
      await revokeOtherTokens(trx, user.userId, token ? hashToken(token) : null);
      return true;
    });
    // spec shell §8: the client turns this message into 旧密码输入错误.
    if (!changed) throw fail(SignInMessages.badCredentials, 'BAD_CREDENTIALS');
    app.tokenCache.forgetUser(tenantId, user.userId, token ? hashToken(token) : null);
    return ok(null, '密码修改成功');
  });

  r.post('/um/api/user/defaultLogin', {
    schema: {
      tags: ['um'],
      summary: 'The tenant\'s default sign-in (spec shell §4, auth.open on): signs in the account named by Security.defaultLoginAccount when PcLoginConfig.loginConfig.defaultLogin is true.',
      body: DefaultLoginBody,
      response: { 200: Envelope(LoginResult) },
    },
  }, async (req) => {
    const { tenantId } = req.body;
    await requireTenant(app.db.app, tenantId);
    const result = await withTenant(app.db.app, tenantId, async (trx) => {
      const config = loginConfigOf((await findTenantSetting(trx, 'PcLoginConfig', 'loginConfig'))?.paramValue);
      const account = (await findTenantSetting(trx, 'Security', 'defaultLoginAccount'))?.paramValue?.trim();
      if (config.defaultLogin !== true || !account) return null;
      const userId = await findUserIdByAccount(trx, account);
      return userId === undefined ? null : issueSession(trx, tenantId, userId);
    });
    if (!result) throw fail('该企业未开启默认登录。', 'DEFAULT_LOGIN_OFF');
    return ok(result);
  });
}
