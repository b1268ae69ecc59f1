// The error catalogue (spec shell §8): what the user sees when a call fails. The decision is a
// pure function; showing it goes through a small UI port the app installs (antd Modal + router),
// so this module stays free of React and can be tested with a fake UI.
import { i18n } from '../i18n/i18n';
import { AUTH_COOKIE_NAME, BASE_PATH } from '../lib/constants';
import { deleteCookie } from '../lib/cookies';
import { loginPath } from '../lib/login-path';
import { clearUserData, getTenantId } from '../lib/storage';
import { catalogueUi, type CatalogueUi } from './catalogue-port';

export { setCatalogueUi, type AlertRequest, type CatalogueUi } from './catalogue-port';

/** What a failed call looked like: the HTTP status (0 without a response) and the envelope, if any. */
export interface FailureInput {
  status: number;
  envelope?: { message?: string; code?: number; flag?: number; errorCode?: string } | null;
}

/** What the catalogue decided to do about a failure. */
export type CatalogueAction =
  | { kind: 'none' }
  | { kind: 'login' }
  | { kind: 'alert'; message: string; goBack: boolean; thenLogin: boolean };

/** Messages containing one of these words send the user back a page (spec shell §8). */
export const RETURN_KEYWORDS = ['下架', '授权', '不存在', '开始', '权限', '进行中', 'taken off shelf', 'authoris', 'authoriz', 'does not exist', 'start', 'permission', 'in progress'] as const;

const START_KEYWORDS = ['开始', 'start'];

// spec shell §8: on class or course detail a message about "start" does not send the user back.
const START_EXEMPT_PATHS = [/^\/classes\/detail\b/, /^\/course\/detail\b/];

function matchedKeywords(message: string): string[] {
  const lower = message.toLowerCase();
  return RETURN_KEYWORDS.filter((word) => lower.includes(word));
}

/** True on the sign-in page, where a 401 must not redirect again. */
function onLoginPage(path: string): boolean {
  return /^\/login(\/|\?|#|$)/.test(path);
}

const isBusinessFailure = (input: FailureInput) => input.status >= 200 && input.status < 300;

/**
 * The text the user reads for a failure (spec shell §8): the server's message for a business
 * failure; for HTTP failures "system error" (500/404), "system busy" (502, and 503: the server's
 * DB_UNAVAILABLE while its database restarts, issue 22) or "unknown error".
 */
export function failureMessage(input: FailureInput): string {
  if (isBusinessFailure(input)) return input.envelope?.message?.trim() || i18n.t('catalogue.unknownError');
  if (input.status === 500 || input.status === 404) return i18n.t('catalogue.systemError');
  if (input.status === 502 || input.status === 503) return i18n.t('catalogue.systemBusy');
  return i18n.t('catalogue.unknownError');
}

/** Decides what the user sees for a failed call; `currentPath` is relative to /study. */
export function decideFailure(input: FailureInput, currentPath: string): CatalogueAction {
  const envelope = input.envelope ?? null;
  if (envelope?.flag === 401) return onLoginPage(currentPath) ? { kind: 'none' } : { kind: 'login' };

  const message = failureMessage(input);
  if (!isBusinessFailure(input)) return { kind: 'alert', message, goBack: false, thenLogin: false };

  const words = matchedKeywords(message);
  const onlyStart = words.length > 0 && words.every((word) => START_KEYWORDS.includes(word));
  const exempt = onlyStart && START_EXEMPT_PATHS.some((pattern) => pattern.test(currentPath));
  const thenLogin = envelope?.errorCode === 'USER_ALREADY_REG' && !/exist|存在/i.test(message);
  return { kind: 'alert', message, goBack: words.length > 0 && !exempt, thenLogin };
}

const openAlerts = new Set<string>();
let installed: CatalogueUi | null = null;

/** A UI port for when the app has not installed one: full page loads and the console. */
function fallbackUi(): CatalogueUi {
  return {
    alert: (request) => {
      console.error(`${request.title}: ${request.message}`);
      request.afterClose();
    },
    navigate: (to) => window.location.assign(`${BASE_PATH}${to}`),
    goBack: () => window.history.back(),
    currentPath: () => {
      const path = window.location.pathname.startsWith(BASE_PATH) ? window.location.pathname.slice(BASE_PATH.length) || '/' : window.location.pathname;
      return `${path}${window.location.search}`;
    },
  };
}

/** Carries out the catalogue's decision for one failed call. */
export function reportFailure(input: FailureInput): CatalogueAction {
  const current = catalogueUi();
  // A newly installed port starts without the alerts the previous one showed.
  if (current !== installed) {
    installed = current;
    openAlerts.clear();
  }
  const port = current ?? fallbackUi();
  const currentPath = port.currentPath();
  const action = decideFailure(input, currentPath);
  if (action.kind === 'login') {
    const tenantId = getTenantId();
    if (tenantId !== null) clearUserData(tenantId);
    deleteCookie(AUTH_COOKIE_NAME);
    port.signedOut?.();
    port.navigate(loginPath(currentPath));
  } else if (action.kind === 'alert') {
    // The same message from several calls at once shows one alert, not a stack of them.
    const key = `${action.goBack ? 'back' : 'ok'}:${action.message}`;
    if (openAlerts.has(key)) return action;
    openAlerts.add(key);
    port.alert({
      title: i18n.t('catalogue.hint'),
      message: action.message,
      okText: action.goBack ? i18n.t('catalogue.back') : i18n.t('catalogue.ok'),
      closable: !action.goBack,
      onOk: action.goBack ? () => port.goBack() : action.thenLogin ? () => port.navigate(loginPath(currentPath)) : undefined,
      afterClose: () => openAlerts.delete(key),
    });
  }
  return action;
}
