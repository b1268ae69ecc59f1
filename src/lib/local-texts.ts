// Feature-local texts (zh default, en) for lazily loaded pages: the texts ship with the page's chunk
// instead of the first bundle's i18n resources. {{name}} placeholders are filled from `vars`.
import { useTranslation } from 'react-i18next';

/** A feature's texts: Chinese, and English with the same keys. */
export interface TextTable<K extends string> {
  zh: Record<K, string>;
  en: Record<K, string>;
}

/** The text of `key` in `language` (anything but 'en' is Chinese), with {{name}} placeholders filled. */
export function localText<K extends string>(table: TextTable<K>, language: string, key: K, vars?: Record<string, string | number>): string {
  let text = table[language === 'en' ? 'en' : 'zh'][key];
  for (const [name, value] of Object.entries(vars ?? {})) text = text.replaceAll(`{{${name}}}`, String(value));
  return text;
}

/** Makes a hook that returns the text function of a table for the active language. */
export function createTextsHook<K extends string>(table: TextTable<K>): () => (key: K, vars?: Record<string, string | number>) => string {
  return function useTexts() {
    const { i18n } = useTranslation();
    const language = i18n.language;
    return (key, vars) => localText(table, language, key, vars);
  };
}
