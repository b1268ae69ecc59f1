// Issue 21 X (spec shell §7 "POST /um/api/user/findByMobile"; docs/api.md "Issue 21: profile
// summary, find by mobile, the org tree, dictionaries"): account recovery's first step. A signed-out
// learner who forgot the account or password enters a mobile; a sign-in code is sent to it (then POST
// loginByMobile, which signs in only the account bound to it). The answer never says whether the
// number has an account: every well-formed number gets the same data and message, and the limits are
// counted before the lookup, so a refusal is the same for both too.
import type { FastifyInstance } from 'fastify';
import type { TypeBoxTypeProvider } from '@fastify/type-provider-typebox';
import { Envelope } from '../../../schemas/common';
import { FindByMobileBody, FindByMobileResult } from '../../../schemas/api/profile-organ-dict';
import { ApiError, ok } from '../../plugins/envelope';
import { consumeVerifiedCaptcha } from '../../lib/captcha-store';
import { rateWindowAllows } from '../../lib/rate-window';
import { requireTenant } from '../../lib/tenant-context';
import { checkMobile, sendSmsCode } from './sign-in';

/** Asks per address per window: a person retrying a few numbers, not a script walking a range. */
export const FIND_MOBILE_PER_ADDRESS = 10;
/** Asks per number per window, whoever asks: a number cannot be flooded with codes through this call. */
export const FIND_MOBILE_PER_NUMBER = 3;
/** 10 minutes: the longest window rate_window keeps (server/lib/rate-window.ts). */
export const FIND_MOBILE_WINDOW_MS = 10 * 60 * 1000;
/** The resend wait every answer names (sign-in.ts's SMS_RESEND_SECONDS). */
const RETRY_AFTER_SECONDS = 60;

export const FIND_MOBILE_MESSAGE = '如果该手机号已注册账号，验证码已发送，请用验证码登录。';

const mask = (mobile: string) => `${mobile.slice(0, 3)}****${mobile.slice(-4)}`;

/** POST /um/api/user/findByMobile; registered from umService (server/modules/um/index.ts). */
export async function findMobileRoutes(app: FastifyInstance): Promise<void> {
  const r = app.withTypeProvider<TypeBoxTypeProvider>();

  r.post('/um/api/user/findByMobile', {
    schema: {
      tags: ['um'],
      summary: `Account recovery: sends a sign-in code if the mobile has an account; the answer is the same either way (${FIND_MOBILE_PER_ADDRESS} per address and ${FIND_MOBILE_PER_NUMBER} per number in 10 minutes)`,
      body: FindByMobileBody, response: { 200: Envelope(FindByMobileResult) },
    },
  }, async (req) => {
    const { tenantId, captchaUuid } = req.body;
    await requireTenant(app.db.app, tenantId);
    const mobile = checkMobile(req.body.mobile);
    // Issue 21 X: without enumeration: both limits are counted before the lookup, for every number.
    const byAddress = await rateWindowAllows(app.db.app, { tenantId, bucket: `find-mobile-ip:${req.ip}`, limit: FIND_MOBILE_PER_ADDRESS, windowMs: FIND_MOBILE_WINDOW_MS });
    const byNumber = await rateWindowAllows(app.db.app, { tenantId, bucket: `find-mobile:${mobile}`, limit: FIND_MOBILE_PER_NUMBER, windowMs: FIND_MOBILE_WINDOW_MS });
    if (!byAddress || !byNumber) {
      throw new ApiError('查询过于频繁，请 10 分钟后再试。', { code: 429, errorCode: 'FIND_MOBILE_LIMIT' });
    }
    // Every well-formed number gets the same code path, account or not (as applyChecknum does): a
    // code sent only to accounts' numbers left a trace another call could read (applyChecknum's
    // resend wait answering 429 for that number alone, a captcha used up only for an account) and
    // took measurably longer. loginByMobile accepts the code only for a number with an account.
    const captchaPassed = captchaUuid ? await consumeVerifiedCaptcha(app.db.app, tenantId, captchaUuid) : false;
    try {
      await sendSmsCode(app, tenantId, mobile, { ip: req.ip, captchaPassed });
    } catch (error) {
      // The SMS limits (resend wait, daily cap, captcha) apply to every number alike; logged, not answered.
      app.log.warn({ err: error, tenantId }, 'findByMobile did not send a code.');
    }
    return ok({ mobile: mask(mobile), retryAfter: RETRY_AFTER_SECONDS }, FIND_MOBILE_MESSAGE);
  });
}
