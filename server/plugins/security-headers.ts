// Security headers for the whole origin (issue 14 point 19): @fastify/helmet's defaults
// (nosniff, frame and referrer policy, cross-origin policies) and a Content-Security-Policy the
// portal passes. What the built app needs was checked in Chromium with the policy on (demo home, a
// course with video, sign-in with the slider captcha, the shop): docs/operations.md "Security headers".
import helmet from '@fastify/helmet';
import type { FastifyInstance } from 'fastify';
import { HOME_MARKUP_CHECK_SOURCE } from './ssr-home';

/** The Content-Security-Policy directives (helmet's names). */
export const CSP_DIRECTIVES = {
  defaultSrc: ["'self'"],
  baseUri: ["'self'"],
  // Vite's build is module scripts from /study/assets; nothing inline but one hashed check (scriptSources), no foreign source, and no
  // eval (issue 15 point 2): widget props validators are compiled at build time, so the portal
  // generates no code. Only back-office documents add 'unsafe-eval' (scriptSources below).
  scriptSrc: ["'self'"],
  scriptSrcAttr: ["'none'"],
  // antd's CSS-in-JS writes <style> tags at run time, and components set style attributes.
  styleSrc: ["'self'", "'unsafe-inline'"],
  // The slider captcha's puzzle and generated covers are data: URIs, previews are blob: URLs; a
  // tenant may point its logo or a banner at an http(s) image elsewhere (schemas/common.ts SiteUrl).
  imgSrc: ["'self'", 'data:', 'blob:', 'https:', 'http:'],
  // hls.js plays through MediaSource (blob:) what it fetches from /media/.
  mediaSrc: ["'self'", 'blob:'],
  workerSrc: ["'self'", 'blob:'],
  connectSrc: ["'self'"],
  fontSrc: ["'self'", 'data:'],
  // A course's PDF opens in an iframe of the same origin.
  frameSrc: ["'self'"],
  frameAncestors: ["'self'"],
  objectSrc: ["'none'"],
  formAction: ["'self'"],
  // Not upgrade-insecure-requests: a deployment served over plain http (and development) would
  // break; TLS is the reverse proxy's job (docs/operations.md).
  upgradeInsecureRequests: null,
} as const;

/**
 * Documents that may evaluate code: the back-office (/study/sub_admin/…, where /admin leads), whose
 * @rjsf forms validate with @rjsf/validator-ajv8, which compiles each form's schema with new Function.
 * The portal reaches it as a document of its own (src/components/own-document.tsx), never by a
 * client-side navigation that would keep the portal's policy.
 */
export const EVAL_DOCUMENT_PREFIX = '/study/sub_admin/';

/**
 * script-src for a request: 'self', plus 'unsafe-eval' for a back-office document, and for the
 * portal's other documents the hash of the one inline script they may carry: the check that shows
 * a guest the home's server-rendered markup (schemas/home-markup.ts).
 */
export function scriptSources(url: string | undefined): string {
  if (url?.startsWith(EVAL_DOCUMENT_PREFIX)) return "'self' 'unsafe-eval'";
  return url === '/study' || url?.startsWith('/study/') || url?.startsWith('/study?') ? `'self' ${HOME_MARKUP_CHECK_SOURCE}` : "'self'";
}

/**
 * Registers helmet for every route (API, SPA, /uploads/, /media/, /docs). `extraOrigins` (an S3
 * bucket's, when uploads go there) are let into connect-src and media-src: browsers PUT to them.
 */
export async function registerSecurityHeaders(app: FastifyInstance, opts: { extraOrigins?: readonly string[] } = {}): Promise<void> {
  const extra = opts.extraOrigins ?? [];
  const directives = {
    ...CSP_DIRECTIVES,
    scriptSrc: [(req: { url?: string }) => scriptSources(req.url)],
    connectSrc: [...CSP_DIRECTIVES.connectSrc, ...extra],
    mediaSrc: [...CSP_DIRECTIVES.mediaSrc, ...extra],
  };
  await app.register(helmet, {
    global: true,
    contentSecurityPolicy: { useDefaults: false, directives: directives as unknown as Record<string, string[] | null> },
    // Tenant images and media are same-site subdomains; cross-origin embedding of /uploads/ by a
    // tenant's other site stays possible (images only, never scripts: nosniff and the types above).
    crossOriginResourcePolicy: { policy: 'same-site' },
    // HSTS is set by the TLS-terminating proxy, which knows whether the site is served over https.
    strictTransportSecurity: false,
  });
}

/** Types a browser may show in the page (img, video, audio, the PDF viewer); anything else downloads. */
const INLINE_TYPES = /\.(jpe?g|png|gif|webp|pdf|mp4|webm|mov|mp3|wav|m4a|ogg)$/i;

/**
 * Headers of a file served from /uploads/ (issue 14 point 19): never sniffed into another type,
 * shown inline only when it is an image, a video, audio or a PDF, else downloaded; and (PDFs
 * aside) sandboxed, so even a file a browser did render as a document could run no script on our origin.
 */
export function uploadHeaders(res: { setHeader(name: string, value: string): unknown }, path: string): void {
  res.setHeader('X-Content-Type-Options', 'nosniff');
  res.setHeader('Content-Disposition', INLINE_TYPES.test(path) ? 'inline' : 'attachment');
  // Chromium shows no PDF in a sandboxed document, so a PDF keeps the origin's policy (no script but ours).
  if (!/\.pdf$/i.test(path)) res.setHeader('Content-Security-Policy', "default-src 'none'; img-src 'self' data:; media-src 'self'; style-src 'unsafe-inline'; sandbox");
}
