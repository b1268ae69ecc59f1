// spec shell §1 / §2 "Mobile redirect mapping": a mobile browser is sent to the tenant's mobile
// site at the page that mirrors the current one, when the tenant sets a mobile base URL
// (PcStartup.options.mobileBaseUrl). Pages without a mobile twin go to the mobile home.

/** spec shell §2: PC page → mobile path. `:id` carries over. */
const MAPPING: ReadonlyArray<readonly [RegExp, (id: string) => string]> = [
  [/^\/home(?:\/\d+)?\/?$/, () => '/home'],
  [/^\/content\/?$/, () => '/content'],
  [/^\/knowledge\/?$/, () => '/knowledge'],
  [/^\/knowledge\/details?\/(\d+)\/?$/, (id) => `/knowledge/detail/${id}`],
  [/^\/course\/?$/, () => '/course'],
  [/^\/course\/detail\/(\d+)\/?$/, (id) => `/course/detail/${id}`],
  [/^\/subject\/?$/, () => '/subject'],
  [/^\/subject\/detail\/(\d+)\/?$/, (id) => `/subject/detail/${id}`],
  [/^\/classes\/detail\/(\d+)\/?$/, (id) => `/classes/detail/${id}`],
  [/^\/exam\/detail\/(\d+)\/?$/, (id) => `/exam/detail/${id}`],
];

/** The mobile path mirroring an in-app path (relative to /study); the mobile home when none does. */
export function mobilePath(pathname: string): string {
  for (const [pattern, to] of MAPPING) {
    const match = pattern.exec(pathname);
    if (match) return to(match[1] ?? '');
  }
  return '/home';
}

const MOBILE_UA = /Android|iPhone|iPod|iPad|Mobile|HarmonyOS|Windows Phone|MicroMessenger.*Mobile/i;

/** True for a phone or tablet browser. */
export function isMobileBrowser(userAgent: string): boolean {
  return MOBILE_UA.test(userAgent);
}

/**
 * The address to send a browser to, or null to stay: only a mobile browser, only when the tenant
 * set an http(s) mobile base URL. The query string carries over.
 */
export function mobileRedirect(input: { userAgent: string; baseUrl: string | undefined; pathname: string; search: string }): string | null {
  const base = input.baseUrl?.trim();
  if (!base || !isMobileBrowser(input.userAgent)) return null;
  let url: URL;
  try {
    url = new URL(base);
  } catch {
    console.warn(`The tenant's mobileBaseUrl "${base}" is not an absolute address; mobile browsers stay on the PC site.`);
    return null;
  }
  if (url.protocol !== 'https:' && url.protocol !== 'http:') return null;
  return `${url.origin}${url.pathname.replace(/\/+$/, '')}${mobilePath(input.pathname)}${input.search}`;
}
