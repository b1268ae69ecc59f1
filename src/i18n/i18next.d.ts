// Typed translation keys: t('nav.signIn') is checked against the Chinese resources at compile time.
import type { Resources } from './zh';

declare module 'i18next' {
  interface CustomTypeOptions {
    defaultNS: 'translation';
    resources: { translation: Resources };
  }
}
