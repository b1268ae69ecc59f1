// Texts of the runtime pages (zh default, en). The home route is the first paint, so they are the
// `runtimePage` keys of the first bundle's `translation` namespace (src/i18n/zh.ts, en.ts;
// docs/i18n.md), not a namespace of the home chunk.
import { i18n } from '../../../i18n/i18n';
import type { Resources } from '../../../i18n/zh';

export type RuntimeText = keyof Resources['runtimePage'];

/** A runtime page text in the given language. */
export function runtimeText(locale: 'zh' | 'en' | undefined, key: RuntimeText): string {
  return i18n.t(`runtimePage.${key}`, { lng: locale === 'en' ? 'en' : 'zh' });
}
