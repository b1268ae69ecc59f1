// Texts of the privacy pages (zh default, en), and the fallback agreement and policy a tenant gets
// when its PcLoginConfig.loginConfig has none (docs/tenant-settings.md "agreement and policy").
import { useTranslation } from 'react-i18next';
import { defineTexts, textsIn } from '../../../i18n/texts';

/** Which document a privacy route shows. */
export type PrivacyDoc = 'agreement' | 'policy';
export type PrivacyLocale = 'zh' | 'en';

const TEXTS = {
  zh: {
    agreement: '用户协议',
    policy: '隐私政策',
    loading: '加载中…',
    failed: '内容加载失败，请检查网络后重试。',
    retry: '重试',
    platform: '本平台',
  },
  en: {
    agreement: 'Terms of Use',
    policy: 'Privacy Policy',
    loading: 'Loading…',
    failed: 'The text could not load. Check your connection and try again.',
    retry: 'Retry',
    platform: 'this portal',
  },
} as const;

/** The `privacy` namespace (docs/i18n.md), registered when this feature's chunk loads. */
const NAMESPACE = defineTexts('privacy', TEXTS);

export type PrivacyText = keyof (typeof TEXTS)['zh'];

/** A privacy page text in the given language. */
export function privacyText(locale: PrivacyLocale, key: PrivacyText): string {
  return textsIn(NAMESPACE, locale === 'en' ? 'en' : 'zh')(key);
}

/** The page's language (the app's i18next language) and a bound text function. */
export function usePrivacyTexts() {
  const { i18n } = useTranslation();
  const locale: PrivacyLocale = i18n.language === 'en' ? 'en' : 'zh';
  return { locale, t: (key: PrivacyText) => privacyText(locale, key) };
}

const escapeHtml = (s: string) => s.replace(/[&<>"']/g, (c) => `&#${c.charCodeAt(0)};`);

/**
 * The text a tenant without its own agreement or policy shows: a short, generic one naming the
 * tenant (its app name), so the sign-up screen never links to an empty page.
 */
export function fallbackPrivacyHtml(doc: PrivacyDoc, appName: string, locale: PrivacyLocale): string {
  const name = escapeHtml(appName.trim() || privacyText(locale, 'platform'));
  if (locale === 'en') {
    return doc === 'agreement'
      ? `<p>By signing in to ${name} you agree to use it for learning only, to keep your account to yourself, and not to copy or share its courses without permission.</p><p>${name} may change these terms and will publish changes here. Contact the administrator of ${name} with any questions.</p>`
      : `<p>${name} collects the account details and learning records it needs to sign you in and track your learning. It does not sell personal data and keeps it protected.</p><p>You may view and correct your profile in your personal centre, or ask the administrator of ${name} to delete your data.</p>`;
  }
  return doc === 'agreement'
    ? `<p>欢迎使用${name}。登录即表示你同意：仅将${name}用于学习，妥善保管自己的账号，不得未经许可复制或传播平台上的课程和资料。</p><p>${name}可能修订本协议，修订后会在此公布。如有疑问，请联系${name}的管理员。</p>`
    : `<p>${name}仅收集为你提供学习服务所必需的账号信息和学习记录，用于登录、记录学习进度和发放证书，不会出售你的个人信息，并采取措施保护信息安全。</p><p>你可以在个人中心查看和修改个人资料，也可以联系${name}的管理员删除你的信息。</p>`;
}
