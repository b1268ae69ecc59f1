// Form validation rules of spec shell §5, word for word. Pure functions: each returns the spec's
// message for the first rule the value breaks, or null when it is valid. Forms (antd or not) call
// them, so the messages are the same on every page.

/** spec shell §9: mobile pattern — 1, then a digit 3 to 9, then 9 digits. */
export const MOBILE_PATTERN = /^1[3-9]\d{9}$/;

/** spec shell §5: the profile dialog's older pattern (second digit 3, 4, 5, 7, 8 or 9). */
export const PROFILE_MOBILE_PATTERN = /^1[345789]\d{9}$/;

/** spec shell §9: password length 8 to 16. */
export const PASSWORD_MIN = 8;
export const PASSWORD_MAX = 16;

/** spec shell §5 "Mobile phone": required, then the pattern. */
export function checkMobile(value: string | undefined, pattern: RegExp = MOBILE_PATTERN): string | null {
  const v = (value ?? '').trim();
  if (!v) return '手机号不能为空';
  if (!pattern.test(v)) return '请填写正确的手机号码';
  return null;
}

/** spec shell §5 "Sign-in phone": required ('please enter your phone number'), then the pattern. */
export function checkSignInMobile(value: string | undefined): string | null {
  const v = (value ?? '').trim();
  if (!v) return '请输入手机号码';
  return checkMobile(v);
}

/** spec shell §5 "Verification code": required. */
export function checkCode(value: string | undefined): string | null {
  return (value ?? '').trim() ? null : '验证码不能为空';
}

/** spec shell §5 "Account": required. */
export function checkAccount(value: string | undefined): string | null {
  return (value ?? '').trim() ? null : '帐号不能为空';
}

/** spec shell §5 "Password on sign-in": required. */
export function checkSignInPassword(value: string | undefined): string | null {
  return (value ?? '').trim() ? null : '密码不能为空';
}

/** spec shell §5 "Old password": required. */
export function checkOldPassword(value: string | undefined): string | null {
  return value ? null : '请输入密码';
}

const CHINESE = /[\u3400-\u9fff\uf900-\ufaff]/;

/**
 * spec shell §5 "New password": required; no Chinese characters; 8 to 16 long; upper case, lower
 * case, digit and special character; different from the old one.
 */
export function checkNewPassword(value: string | undefined, oldPassword?: string): string | null {
  const v = value ?? '';
  if (!v) return '请输入新密码';
  if (CHINESE.test(v)) return '禁止输入汉字';
  if (v.length < PASSWORD_MIN || v.length > PASSWORD_MAX) return '请输入8~16位密码';
  if (!/[A-Z]/.test(v) || !/[a-z]/.test(v) || !/\d/.test(v) || !/[^A-Za-z0-9]/.test(v)) return '密码必须同时包含大小写字母、数字和特殊字符且至少8位';
  if (oldPassword !== undefined && oldPassword !== '' && v === oldPassword) return '新旧密码不能一致';
  return null;
}

/** spec shell §5 "Confirm password": required and equal to the new one. */
export function checkConfirmPassword(value: string | undefined, newPassword: string | undefined): string | null {
  if (!value) return '请再次输入密码';
  if (value !== newPassword) return '两次输入密码不一致!';
  return null;
}

/** An antd Form rule built from one of the checks above. */
export function formRule(check: (value: string | undefined) => string | null) {
  return {
    validator: (_rule: unknown, value: string | undefined) => {
      const message = check(value);
      return message ? Promise.reject(new Error(message)) : Promise.resolve();
    },
  };
}
