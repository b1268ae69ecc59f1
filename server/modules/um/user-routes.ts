import type { FastifyInstance } from 'fastify';
import type { TypeBoxTypeProvider } from '@fastify/type-provider-typebox';
import { Type } from 'typebox';
import { Envelope } from '../../../schemas/common';
import { withTenant } from '../../db/database';
import { ApiError, ok } from '../../plugins/envelope';
import { hashToken, presentedToken, requireUser, tenantIdOfToken } from '../../plugins/auth';
import { readTenant } from '../../lib/tenant-context';
import { consumeVerifiedCaptcha } from '../../lib/captcha-store';
import { registrationOpen, slideCaptchaRequired } from './profile-repository';
import { captchaRequired, loginWithPassword, loginWithSmsCode, registerAccount, sendSmsCode } from './sign-in';
import { revokeToken } from '../../lib/tokens';
import { findFollowSummary, findUserInfo } from './user-repository';
import {
  ApplyChecknumQuery, ChecknumSent, FollowSummary, LoginByAccountBody, LoginByMobileBody, LoginResult, RegisterBody, SignInMessages,
  TenantQuery, UserInfo, UserInfoQuery,
} from '../../../schemas/api/um';

/** um: sign-in, registration, logout and the user's own info (spec shell §4, §7 "User and sign-in"). */
export async function umUserRoutes(app: FastifyInstance): Promise<void> {
  const r = app.withTypeProvider<TypeBoxTypeProvider>();

  r.post('/um/api/user/loginByAccount', {
    schema: {
      tags: ['um'], summary: 'Account + password sign-in (password = md5 of the trimmed text). In 10 min: 50 failures lock an IP; 3 failures of an account ask it for the slider captcha (CAPTCHA_REQUIRED); 5 from one address lock that address out of the account.',
      body: LoginByAccountBody,
      response: { 200: Envelope(LoginResult) },
    },
  }, async (req) => {
    const { captchaUuid, ...login } = req.body;
    // A passed slider puzzle's uuid is spent here, once. The tenant may ask for it on every account
    // sign-in (PcLoginConfig.loginConfig.slideCaptcha); any account asks for it after a few
    // failures (loginWithPassword, issue 14 point 18).
    const captchaPassed = captchaUuid ? await consumeVerifiedCaptcha(app.db.app, login.tenantId, captchaUuid) : false;
    if (!captchaPassed && (await slideCaptchaRequired(app, login.tenantId))) throw captchaRequired();
    return ok(await loginWithPassword(app, { ...login, ip: req.ip, captchaPassed }));
  });

  r.get('/um/api/user/applyChecknum', {
    schema: {
      tags: ['um'], summary: 'Send a 6-digit code to a mobile (1 per 60 s, 10 per 24 h; per address 20 an hour and the slider captcha after 3 different mobiles; per tenant 500 an hour). Demo: written to sms_outbox and the log.',
      querystring: ApplyChecknumQuery,
      response: { 200: Envelope(ChecknumSent) },
    },
  }, async (req) => {
    const { tenantId, mobile, captchaUuid } = req.query;
    const captchaPassed = captchaUuid ? await consumeVerifiedCaptcha(app.db.app, tenantId, captchaUuid) : false;
    return ok(await sendSmsCode(app, tenantId, mobile, { ip: req.ip, captchaPassed }), SignInMessages.codeSent);
  });

  r.post('/um/api/user/loginByMobile', {
    schema: {
      tags: ['um'], summary: 'Mobile + code sign-in; a code works once and allows 5 wrong tries.',
      body: LoginByMobileBody,
      response: { 200: Envelope(LoginResult) },
    },
  }, async (req) => ok(await loginWithSmsCode(app, req.body)));

  r.post('/um/api/user/register', {
    schema: {
      tags: ['um'], summary: 'Create an account and sign in. A mobile needs its code; an existing account is USER_ALREADY_REG.',
      body: RegisterBody,
      response: { 200: Envelope(LoginResult) },
    },
  }, async (req) => {
    // A tenant that switched self-registration off (loginConfig.allowRegister false) creates
    // accounts itself; the sign-in page hides the link, and the server refuses the call too.
    if (!(await registrationOpen(app, req.body.tenantId))) throw new ApiError('该企业未开放注册，请联系管理员开通账号。', { code: 403, errorCode: 'REGISTER_CLOSED' });
    return ok(await registerAccount(app, req.body));
  });

  r.post('/um/api/user/logout', {
    schema: {
      // No body schema: the client sends { tenantId }, a bare POST is fine too; the token names the tenant.
      tags: ['um'], summary: 'Revoke the presented token (idempotent; fine without a token or body).',
      response: { 200: Envelope(Type.Null()) },
    },
  }, async (req) => {
    const token = presentedToken(req);
    const tenantId = token ? tenantIdOfToken(token) : undefined;
    if (token && tenantId !== undefined) {
      await withTenant(app.db.app, tenantId, (trx) => revokeToken(trx, hashToken(token)));
      app.tokenCache.forget(hashToken(token));
    }
    return ok(null);
  });

  r.get('/um/api/user/info', {
    schema: {
      tags: ['um'], summary: 'The signed-in user\'s info (spec shell §3); another user\'s id is refused.',
      querystring: UserInfoQuery,
      response: { 200: Envelope(UserInfo) },
    },
  }, async (req) => {
    const user = requireUser(req, req.query.tenantId);
    if (req.query.userId !== undefined && req.query.userId !== user.userId) {
      throw new ApiError(SignInMessages.notYourInfo, { code: 403, errorCode: 'FORBIDDEN' });
    }
    const info = await readTenant(app, user.tenantId, (trx) => findUserInfo(trx, user.userId));
    if (!info) throw new ApiError('请先登录', { code: 401, errorCode: 'NOT_SIGNED_IN' });
    return ok(info);
  });

  r.get('/um/api/user/followSummary', {
    schema: {
      tags: ['um'], summary: 'Counts for the profile header: follows, fans, points, unread messages.',
      querystring: TenantQuery,
      response: { 200: Envelope(FollowSummary) },
    },
  }, async (req) => {
    const user = requireUser(req, req.query.tenantId);
    return ok(await readTenant(app, user.tenantId, (trx) => findFollowSummary(trx, user.userId)));
  });
}
