// Texts of the third-party sign-in page /wx_login (zh default, en), like texts.ts beside it.
import { defineTexts, useTexts } from '../../../i18n/texts';

const TEXTS = {
  zh: {
    title: '第三方登录',
    intro: '请选择登录方式',
    loading: '正在加载登录方式…',
    notConfigured: '该企业尚未配置第三方登录',
    notConfiguredHint: '请使用账号或手机号登录，或联系管理员开通。',
    backToLogin: '返回登录',
    signingIn: '正在登录…',
    welcome: '登录成功',
    failed: '第三方登录失败，请重试',
    loadFailed: '登录方式加载失败，请稍后再试',
    stateMismatch: '登录请求已失效，请重新选择登录方式',
    cancelled: '第三方登录已取消',
    signInWith: '使用{{name}}登录',
  },
  en: {
    title: 'Sign in with another account',
    intro: 'Choose how to sign in',
    loading: 'Loading sign-in options…',
    notConfigured: 'This enterprise has not set up third-party sign-in',
    notConfiguredHint: 'Sign in with your account or mobile, or ask your administrator.',
    backToLogin: 'Back to sign-in',
    signingIn: 'Signing in…',
    welcome: 'Signed in',
    failed: 'Third-party sign-in failed; please try again',
    loadFailed: 'The sign-in options could not load; please try again later',
    stateMismatch: 'This sign-in request has expired; please choose a way to sign in again',
    cancelled: 'Third-party sign-in was cancelled',
    signInWith: 'Sign in with {{name}}',
  },
} as const;

/** The `auth-third-party` namespace (docs/i18n.md), registered when this feature's chunk loads. */
export const NAMESPACE = defineTexts('auth-third-party', TEXTS);

export type ThirdPartyText = keyof (typeof TEXTS)['zh'];

/** The text function for the active language; {{name}} placeholders are filled from `vars`. */
export const useThirdPartyTexts = () => useTexts(NAMESPACE);
