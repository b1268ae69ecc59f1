// TypeBox schemas of the slider-captcha calls (spec shell §7 "Captcha"); format in docs/api.md
// "Slider captcha".
import { Type } from 'typebox';
import { Envelope, TenantIdParam } from '../../../schemas/common';

/** GET /sm/api/sysCode/getSlideCaptcha query. The accuracy is the tenant's setting, not a parameter. */
export const GetSlideCaptchaQuery = Type.Object({ tenantId: TenantIdParam });

/** GET /sm/api/sysCode/getSlideCaptcha response: the encoded `key=value;` string. */
export const GetSlideCaptchaResponse = Envelope(Type.String({
  description: 'key=value; pairs, values URI-encoded: uuid, w, h, l, r, L, y, length (slider travel in px), accuracy, bg and block (PNG data URIs).',
}));

/** GET /sm/api/sysCode/checkSlideCaptcha query. */
export const CheckSlideCaptchaQuery = Type.Object({
  tenantId: TenantIdParam,
  uuid: Type.String({ minLength: 1, maxLength: 64, description: 'The uuid of the puzzle from getSlideCaptcha.' }),
  length: Type.Number({ minimum: -1000, maximum: 1000, description: 'Where the piece image\'s left edge was dropped, in px from the left of the background (0 to the travel length).' }),
});

/** GET /sm/api/sysCode/checkSlideCaptcha response: true on pass (spec shell §7: truthy means pass). */
export const CheckSlideCaptchaResponse = Envelope(Type.Boolean({ description: 'true: passed; false: wrong, expired, unknown or already used (message 验证失败，请重试).' }));
