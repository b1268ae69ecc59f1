// Form validation rules of spec shell §5, word for word. Pure functions: each returns the spec's
// message for the first rule the value breaks, or null when it is valid. Forms (antd or not) call
// them, so the messages are the same on every page.

import { defineTexts, textsIn, type BaseKey } from '../i18n/texts';

// The `validation` namespace (docs/i18n.md). The Chinese messages are spec shell §5's, word for
// word (tests assert them); English follows the visitor's language.
const VALIDATION = defineTexts('validation', {
  zh: {
    mobileRequired: '手机号不能为空',
    mobileInvalid: '请填写正确的手机号码',
    signInMobileRequired: '请输入手机号码',
    codeRequired: '验证码不能为空',
    accountRequired: '帐号不能为空',
    passwordRequired: '密码不能为空',
    oldPasswordRequired: '请输入密码',
    newPasswordRequired: '请输入新密码',
    noChinese: '禁止输入汉字',
    passwordLength: '请输入8~16位密码',
    passwordRule: '密码必须同时包含大小写字母、数字和特殊字符且至少8位',
    passwordSame: '新旧密码不能一致',
    confirmRequired: '请再次输入密码',
    confirmMismatch: '两次输入密码不一致!',
  },
  en: {
    mobileRequired: 'Enter your mobile number',
    mobileInvalid: 'Enter a valid mobile number',
    signInMobileRequired: 'Enter your mobile number',
    codeRequired: 'Enter the verification code',
    accountRequired: 'Enter your account',
    passwordRequired: 'Enter your password',
    oldPasswordRequired: 'Enter your password',
    newPasswordRequired: 'Enter a new password',
    noChinese: 'Chinese characters are not allowed',
    passwordLength: 'Use 8 to 16 characters',
    passwordRule: 'Use upper and lower case letters, a digit and a special character, at least 8 characters',
    passwordSame: 'The new password must differ from the old one',
    confirmRequired: 'Enter the password again',
    confirmMismatch: 'The two passwords do not match',
  },
});

/** A message in the app's active language. */
const t = (key: BaseKey<NonNullable<typeof VALIDATION.keys>>): string => textsIn(VALIDATION)(key);

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
  if (!v) return t('mobileRequired');
  if (!pattern.test(v)) return t('mobileInvalid');
  return null;
}

/** spec shell §5 "Sign-in phone": required ('please enter your phone number'), then the pattern. */
export function checkSignInMobile(value: string | undefined): string | null {
  const v = (value ?? '').trim();
  if (!v) return t('signInMobileRequired');
  return checkMobile(v);
}

/** spec shell §5 "Verification code": required. */
export function checkCode(value: string | undefined): string | null {
  return (value ?? '').trim() ? null : t('codeRequired');
}

/** spec shell §5 "Account": required. */
export function checkAccount(value: string | undefined): string | null {
  return (value ?? '').trim() ? null : t('accountRequired');
}

/** spec shell §5 "Password on sign-in": required. */
export function checkSignInPassword(value: string | undefined): string | null {
  return (value ?? '').trim() ? null : t('passwordRequired');
}

/** spec shell §5 "Old password": required. */
export function checkOldPassword(value: string | undefined): string | null {
  return value ? null : t('oldPasswordRequired');
}

const CHINESE = /[\u3400-\u9fff\uf900-\ufaff]/;

/**
 * spec shell §5 "New password": required; no Chinese characters; 8 to 16 long; upper case, lower
 * case, digit and special character; different from the old one.
 */
export function checkNewPassword(value: string | undefined, oldPassword?: string): string | null {
  const v = value ?? '';
  if (!v) return t('newPasswordRequired');
  if (CHINESE.test(v)) return t('noChinese');
  if (v.length < PASSWORD_MIN || v.length > PASSWORD_MAX) return t('passwordLength');
  if (!/[A-Z]/.test(v) || !/[a-z]/.test(v) || !/\d/.test(v) || !/[^A-Za-z0-9]/.test(v)) return t('passwordRule');
  if (oldPassword !== undefined && oldPassword !== '' && v === oldPassword) return t('passwordSame');
  return null;
}

/** spec shell §5 "Confirm password": required and equal to the new one. */
export function checkConfirmPassword(value: string | undefined, newPassword: string | undefined): string | null {
  if (!value) return t('confirmRequired');
  if (value !== newPassword) return t('confirmMismatch');
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
