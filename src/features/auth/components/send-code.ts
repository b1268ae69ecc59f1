// Asking for a verification code on the sign-in and registration pages. Once one address has asked
// codes for several mobiles the server wants the slider captcha first (CAPTCHA_REQUIRED, issue 14
// point 16): the slider is shown, and the code asked again with the passed puzzle.
import { ApiError } from '../../../api/client';
import { applyChecknum } from '../../../api/user';

/** Sends a code to `mobile`, passing the slider captcha first when the server asks for it. */
export async function sendCodeWithCaptcha(mobile: string): Promise<{ retryAfter: number }> {
  try {
    return await applyChecknum(mobile);
  } catch (failure) {
    if (!(failure instanceof ApiError && failure.errorCode === 'CAPTCHA_REQUIRED')) throw failure;
    const uuid = await (await import('./slide-captcha')).askSlideCaptcha();
    if (!uuid) throw failure;
    return applyChecknum(mobile, uuid);
  }
}
