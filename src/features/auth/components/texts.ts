// Texts of the sign-in and registration pages (zh default, en); validation messages come from
// src/lib/validators.ts, word for word from spec shell §5, in Chinese in both languages.
import { useTranslation } from 'react-i18next';

const TEXTS = {
  zh: {
    title: '欢迎登录',
    accountTab: '账号登录',
    mobileTab: '手机号登录',
    account: '账号',
    accountPlaceholder: '请输入账号',
    password: '密码',
    passwordPlaceholder: '请输入密码',
    mobile: '手机号',
    mobilePlaceholder: '请输入手机号码',
    code: '验证码',
    codePlaceholder: '请输入验证码',
    sendCode: '获取验证码',
    resend: '{{n}}秒后重新获取',
    codeSent: '验证码已发送',
    submit: '登录',
    register: '注册账号',
    haveAccount: '已有账号？去登录',
    noAccount: '还没有账号？',
    registerTitle: '注册账号',
    registerSubmit: '注册',
    confirmPassword: '确认密码',
    confirmPlaceholder: '请再次输入密码',
    realName: '姓名',
    realNamePlaceholder: '请输入姓名（选填）',
    agreePrefix: '登录即表示同意',
    agreement: '《用户协议》',
    and: '和',
    policy: '《隐私政策》',
    welcome: '登录成功',
    registered: '注册成功',
    noMethods: '该企业未开启任何登录方式，请联系管理员。',
    registerClosed: '该企业未开放注册，请联系管理员开通账号。',
    thirdParty: '第三方登录',
    backHome: '返回首页',
  },
  en: {
    title: 'Welcome',
    accountTab: 'Account',
    mobileTab: 'Mobile',
    account: 'Account',
    accountPlaceholder: 'Enter your account',
    password: 'Password',
    passwordPlaceholder: 'Enter your password',
    mobile: 'Mobile',
    mobilePlaceholder: 'Please enter your phone number',
    code: 'Code',
    codePlaceholder: 'Enter the verification code',
    sendCode: 'Send code',
    resend: 'Resend in {{n}} s',
    codeSent: 'Verification code sent',
    submit: 'Sign in',
    register: 'Register',
    haveAccount: 'Have an account? Sign in',
    noAccount: 'No account yet?',
    registerTitle: 'Create an account',
    registerSubmit: 'Register',
    confirmPassword: 'Confirm password',
    confirmPlaceholder: 'Enter the password again',
    realName: 'Name',
    realNamePlaceholder: 'Your name (optional)',
    agreePrefix: 'By signing in you accept the',
    agreement: 'User agreement',
    and: 'and the',
    policy: 'Privacy policy',
    welcome: 'Signed in',
    registered: 'Registered',
    noMethods: 'This enterprise has no sign-in method switched on; contact your administrator.',
    registerClosed: 'This enterprise does not allow self-registration; ask your administrator for an account.',
    thirdParty: 'Other ways to sign in',
    backHome: 'Back to home',
  },
} as const;

export type AuthText = keyof (typeof TEXTS)['zh'];

/** The auth pages' text function for the active language; {{n}} is replaced by `vars.n`. */
export function useAuthTexts(): (key: AuthText, vars?: Record<string, string | number>) => string {
  const { i18n } = useTranslation();
  const table = TEXTS[i18n.language === 'en' ? 'en' : 'zh'];
  return (key, vars) => {
    let text: string = table[key];
    for (const [name, value] of Object.entries(vars ?? {})) text = text.replace(`{{${name}}}`, String(value));
    return text;
  };
}
