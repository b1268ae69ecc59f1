// Texts of the account-security page (zh default, en); the spec's messages stay in Chinese.
import { defineTexts, useTexts } from '../../../i18n/texts';

const TEXTS = {
  zh: {
    title: '账号安全',
    password: '修改密码',
    oldPassword: '原密码',
    newPassword: '新密码',
    confirmPassword: '确认新密码',
    save: '保存',
    mobile: '绑定手机',
    boundTo: '当前绑定：{{mobile}}',
    notBound: '尚未绑定手机号',
    newMobile: '新手机号',
    code: '验证码',
    bind: '绑定',
    hint: '提示',
    ok: '确定',
  },
  en: {
    title: 'Account security',
    password: 'Change password',
    oldPassword: 'Current password',
    newPassword: 'New password',
    confirmPassword: 'Confirm new password',
    save: 'Save',
    mobile: 'Bound mobile',
    boundTo: 'Bound to {{mobile}}',
    notBound: 'No mobile bound yet',
    newMobile: 'New mobile',
    code: 'Code',
    bind: 'Bind',
    hint: 'Hint',
    ok: 'OK',
  },
} as const;

/** The `center-safe` namespace (docs/i18n.md), registered when this feature's chunk loads. */
export const NAMESPACE = defineTexts('center-safe', TEXTS);

/** The security page's text function for the active language. */
export const useSafeTexts = () => useTexts(NAMESPACE);
