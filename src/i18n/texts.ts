// One i18n system (docs/i18n.md): every text lives in an i18next namespace of the app's instance.
// The first bundle's texts are the `translation` namespace (zh.ts, en.ts); a feature's texts are
// its own namespace, registered by the feature's texts module when the feature's chunk loads
// (defineTexts), so they never ship in the first bundle. Widgets share the `widgets` namespace.
// Plurals are i18next's: English `key_one` / `key_other`, chosen by the `count` variable.
import { useSyncExternalStore } from 'react';
import { i18n } from './i18n';

/** The CLDR plural forms i18next appends to a key (`lessons_one`, `lessons_other`). */
type PluralForm = 'zero' | 'one' | 'two' | 'few' | 'many' | 'other';

/** The key a caller passes: `lessons` for a table that has `lessons_one` and `lessons_other`. */
export type BaseKey<K extends string> = K extends `${infer B}_${PluralForm}` ? B : K;

/** Values of {{name}} placeholders; `count` (or `n`, passed on as `count`) picks the plural form. */
export type TextVars = Record<string, string | number>;

/** A text function of one namespace: the text of `key` with its placeholders filled. */
export type TextFn<K extends string> = (key: BaseKey<K>, vars?: TextVars) => string;

/** A namespace defined by defineTexts; K are the keys of its Chinese table. */
export interface Texts<K extends string> {
  readonly ns: string;
  /** Type-only: the keys of the table (never set). */
  readonly keys?: K;
}

/** A namespace's tables: Chinese (the default, spec shell §1) and English with the same base keys. */
export interface TextTables<K extends string> {
  zh: Record<K, string>;
  en: Partial<Record<BaseKey<K> | `${BaseKey<K>}_${PluralForm}`, string>>;
}

/** Every namespace defined so far, with its tables (read by the completeness test and docs). */
export const definedTexts = new Map<string, TextTables<string>[]>();

/**
 * Adds a feature's texts to namespace `ns` of the app's i18next instance. Called at the top of the
 * feature's texts module, so the texts load with the feature's chunk. Several modules of one
 * feature may add to one namespace; a key they both define must have the same text.
 */
export function defineTexts<K extends string>(ns: string, tables: TextTables<K>): Texts<K> {
  for (const language of ['zh', 'en'] as const) {
    const table = tables[language] as Record<string, string>;
    for (const [key, text] of Object.entries(table)) {
      const existing = i18n.getResource(language, ns, key) as unknown;
      if (typeof existing === 'string' && existing !== text) {
        throw new Error(`i18n: namespace "${ns}" already has "${key}" (${language}) as "${existing}", not "${text}"`);
      }
    }
    i18n.addResourceBundle(language, ns, table, true, true);
  }
  definedTexts.set(ns, [...(definedTexts.get(ns) ?? []), tables as TextTables<string>]);
  return { ns };
}

type UntypedT = (key: string, options: Record<string, unknown>) => string;

/**
 * Texts without variables, per language, namespace and key: a page of a thousand blocks asks for
 * the same few words a thousand times, and i18next's t() costs ~20 µs a call (issue 15 point 2:
 * 33 ms of the anchor page's mount). Emptied whenever texts are added or the language changes.
 */
const plainTexts = new Map<string, string>();
// The resource store's own events (i18next does not forward them to the instance).
i18n.store.on('added', () => plainTexts.clear());
i18n.store.on('removed', () => plainTexts.clear());
i18n.on('languageChanged', () => plainTexts.clear());

function translate(ns: string, language: string | undefined, key: string, vars?: TextVars): string {
  if (vars === undefined) {
    const cacheKey = `${language ?? i18n.language}\u0000${ns}\u0000${key}`;
    let text = plainTexts.get(cacheKey);
    if (text === undefined) {
      text = (i18n.t as unknown as UntypedT)(key, language === undefined ? { ns } : { ns, lng: language });
      plainTexts.set(cacheKey, text);
    }
    return text;
  }
  const options: Record<string, unknown> = { ns, ...vars };
  if (language !== undefined) options.lng = language;
  if (vars && vars.count === undefined && typeof vars.n === 'number') options.count = vars.n;
  return (i18n.t as unknown as UntypedT)(key, options);
}

/** The text function of a namespace in a given language (a widget's ctx.locale), or the app's language. */
export function textsIn<K extends string>(texts: Texts<K>, language?: string): TextFn<K> {
  const lng = language === undefined ? undefined : localeOf(language);
  return (key, vars) => translate(texts.ns, lng, key, vars);
}

/** The text function of a namespace in the app's active language; re-renders when it changes. */
export function useTexts<K extends string>(texts: Texts<K>): TextFn<K> {
  const language = useAppLanguage();
  return (key, vars) => translate(texts.ns, language, key, vars);
}

/**
 * The app's active language; re-renders when it changes. Far cheaper than react-i18next's
 * useTranslation (its per-component state and subscriptions were 124 ms of a 1,000-block page).
 */
export function useAppLanguage(): string {
  return useSyncExternalStore(subscribeLanguage, appLanguageNow, appLanguageNow);
}

// The app's instance is read directly (no react-i18next here): the shell's first paint uses this
// module (back-to-top), and pages rendered outside <Providers> (image viewer) read it too.
const subscribeLanguage = (onChange: () => void) => {
  i18n.on('languageChanged', onChange);
  return () => i18n.off('languageChanged', onChange);
};

/** The texts' language for an i18next language: English for any en-*, else Chinese (spec shell §1). */
export function localeOf(language: string | undefined): 'zh' | 'en' {
  return language?.startsWith('en') ? 'en' : 'zh';
}

/** The app's active language now, without subscribing (for code that re-renders on a language change anyway). */
export function appLanguageNow(): string {
  return i18n.language;
}
