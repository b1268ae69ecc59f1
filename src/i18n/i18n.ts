// One i18next instance for the app. It is plain i18next (no React) so the API client's error
// catalogue can translate too; React components get it through I18nextProvider in providers.tsx.
// Chinese (the default, spec shell §1) ships with the first paint; the English texts load on
// demand, only when English is chosen (stored from an earlier visit, or setLanguage('en')).
import i18next from 'i18next';
import { zh } from './zh';

/** Languages the portal ships (spec shell §1: Chinese by default, English available). */
export type Language = 'zh' | 'en';

const LANGUAGE_KEY = 'portal.lang';

/** The visitor's remembered choice, or null when they never chose (the tenant's default applies). */
export function storedLanguageChoice(): Language | null {
  try {
    const value = typeof localStorage === 'undefined' ? null : localStorage.getItem(LANGUAGE_KEY);
    return value === 'en' || value === 'zh' ? value : null;
  } catch {
    return null;
  }
}

function storedLanguage(): Language {
  return storedLanguageChoice() ?? 'zh';
}

/** The app's i18next instance; initialised synchronously so the first render has its texts. */
export const i18n = i18next.createInstance();

// dayjs's global locale (month and weekday names in antd's pickers) follows the language in
// <AntdTheme> (src/components/antd-theme.tsx), which every antd picker renders in: dayjs is not on
// the home (issue 15 point 3), and the portal's own date formats are numeric.

void i18n.init({
  resources: { zh: { translation: zh } },
  lng: 'zh',
  fallbackLng: 'zh',
  initAsync: false,
  interpolation: { escapeValue: false },
});

let englishLoaded: Promise<void> | undefined;

/** Loads the English texts into the instance (once). */
export function loadEnglish(): Promise<void> {
  englishLoaded ??= import('./en').then(({ en }) => {
    i18n.addResourceBundle('en', 'translation', en, true, true);
  });
  return englishLoaded;
}

async function applyStoredLanguage(): Promise<void> {
  if (storedLanguage() !== 'en') return;
  try {
    await loadEnglish();
    await i18n.changeLanguage('en');
  } catch (error) {
    englishLoaded = undefined;
    console.error('Loading the English texts failed; the portal stays in Chinese.', error);
  }
}

/**
 * Settles once the remembered language is in place: at once for Chinese; for English once its
 * texts have loaded (started at import, so it runs alongside the tenant request at start-up).
 */
export const languageReady: Promise<void> = applyStoredLanguage();

/** Switches the language and remembers the choice for the next visit. */
export async function setLanguage(language: Language): Promise<void> {
  try {
    localStorage.setItem(LANGUAGE_KEY, language);
  } catch {
    // Storage blocked: the choice lasts for this page only.
  }
  if (language === 'en') await loadEnglish();
  await i18n.changeLanguage(language);
}

/**
 * spec shell §1 (Chinese by default, English available): a tenant may make English its default
 * (site option `language`). It applies when the visitor has not chosen a language; a choice made in
 * the navbar wins and is remembered, the tenant's default is not. Never rejects: on a failed load
 * the portal stays in Chinese.
 */
export async function applyTenantLanguage(language: Language | undefined): Promise<void> {
  if (storedLanguageChoice() !== null) return;
  const wanted: Language = language === 'en' ? 'en' : 'zh';
  if (i18n.language === wanted) return;
  try {
    if (wanted === 'en') await loadEnglish();
    await i18n.changeLanguage(wanted);
  } catch (error) {
    englishLoaded = undefined;
    console.error(`Loading the tenant's default language "${wanted}" failed; the portal stays in Chinese.`, error);
  }
}
