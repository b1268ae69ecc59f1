import type { Resources } from './zh';

/** English texts (spec shell §1: English is available). */
export const en: Resources = {
  app: {
    loading: 'Loading...',
    tenantMissing: 'No enterprise ID',
    tenantMissingDetail: 'No enterprise is set up at this address; check the address you opened.',
    startFailed: 'The site could not load. Check your connection and try again.',
    retry: 'Retry',
  },
  catalogue: {
    hint: 'Hint',
    back: 'Return',
    ok: 'OK',
    systemError: 'System error',
    systemBusy: 'System busy, please try later',
    unknownError: 'Unknown error',
  },
  nav: {
    home: 'Home',
    signIn: 'Sign in',
    cart: 'Cart',
    news: 'Message center',
    switchHome: 'Switch home page',
  },
  footer: {
    phone: 'Phone: ',
  },
  route: {
    home: 'Home',
    error: 'Page not found',
  },
  home: {
    noPage: 'This enterprise has not published a home page yet.',
  },
  error: {
    pageNotFound: 'Page not found',
    pageNotFoundDetail: 'The page you opened does not exist or has been removed.',
    backHome: 'Back to home',
    unexpected: 'Something went wrong on this page. Reload it and try again.',
    reload: 'Reload',
  },
};
