// The guest's home as markup in its HTML (issue 15 point 3: all blocks of demo's home within 2× of
// a plain page). The server renders a guest's home (server/plugins/ssr-home.ts with the built
// src/ssr/worker.ts) and puts it in a <template>; the inline check below, run as the HTML is parsed,
// moves it into the app's root only when the browser is a guest's of that tenant with nothing stored
// that would change the page. The client then hydrates it (src/main.tsx). Shared by
// server/ (writes the template and the check, and the CSP's hash of it) and src/ (main.tsx).

/** The id of the <template> that carries the rendered home. */
export const HOME_MARKUP_ELEMENT_ID = 'portal-home-markup';

/** Set on #root by the check when it showed the markup (the client waits for its first commit longer then: src/main.tsx). */
export const SERVER_MARKUP_ATTRIBUTE = 'data-server-markup';

/**
 * Set on the template by the check when it has run. The check is an async script and the app's
 * entry a deferred one: when the HTML's end comes in one piece, the entry can run first, so it
 * waits for this (at most CHECK_WAIT_MS in src/main.tsx) before it takes the root.
 */
export const CHECKED_ATTRIBUTE = 'data-checked';

/** What the client logs (console.warn) when the markup did not match its first render (src/main.tsx; the e2e test looks for it). */
export const HYDRATION_MISMATCH_WARNING = "The server's markup of the home did not match the app's first render.";

/** Set on #root by the client before its first render: a check that runs later leaves the root alone. */
export const CLIENT_STARTED_ATTRIBUTE = 'data-client-started';

/**
 * The markup's pictures carry their address here instead of in src (src/ssr/render-home.tsx), and
 * the check gives it back once the blocks have painted: decoding them (demo's covers are SVG, drawn
 * on the main thread) would otherwise hold up the markup's first paint, which is the point of it.
 */
export const HELD_SRC_ATTRIBUTE = 'data-held-src';

/**
 * What in the browser's storage makes the markup wrong for this visitor (src/lib/storage.ts,
 * src/i18n/i18n.ts, src/stores/preferences-store.ts; tests/unit/home-markup.test.ts keeps them in
 * step): someone signed in to the tenant, another tenant or store chosen, a home page chosen for the
 * session, a language, or display preferences (dark, font size), which the render does not know.
 */
export const MARKUP_STORAGE_KEYS = {
  userData: 'portal.userData.',
  tenantId: 'portal.tenantId',
  storeId: 'portal.storeId.',
  pageId: 'portal.pageId',
  language: 'portal.lang',
  preferences: 'portal.prefs',
} as const;

/**
 * The inline check: an async module, so the parser does not stop for it (a classic script would wait
 * for the style sheets first). Any doubt (no storage, a query in the address, anything stored above)
 * leaves the root empty, and the app paints as it would without the markup.
 *
 * Until the app has hydrated it, its links work as plain links; React replays a click on anything
 * else once it has hydrated the markup.
 */
export const HOME_MARKUP_CHECK = [
  `const t=document.getElementById(${JSON.stringify(HOME_MARKUP_ELEMENT_ID)}),r=document.getElementById('root');`,
  `if(t&&r&&!r.firstChild&&!r.hasAttribute(${JSON.stringify(CLIENT_STARTED_ATTRIBUTE)})&&!location.search)try{`,
  `const k=${JSON.stringify(MARKUP_STORAGE_KEYS)},l=localStorage,id=t.dataset.tenant,s=l.getItem(k.tenantId);`,
  `if(!l.getItem(k.userData+id)&&(s===null||s===id)&&!l.getItem(k.storeId+id)&&!sessionStorage.getItem(k.pageId)&&!l.getItem(k.language)&&!l.getItem(k.preferences)){`,
  `const h=document.documentElement;h.style.cssText+=';'+t.dataset.rootStyle;h.dataset.theme=t.dataset.colorStyle;`,
  `r.append(t.content);r.setAttribute(${JSON.stringify(SERVER_MARKUP_ATTRIBUTE)},'');`,
  `requestAnimationFrame(()=>setTimeout(()=>{for(const i of r.querySelectorAll('img[${HELD_SRC_ATTRIBUTE}]'))i.src=i.getAttribute(${JSON.stringify(HELD_SRC_ATTRIBUTE)})}))}}catch{}`,
  `if(t)t.setAttribute(${JSON.stringify(CHECKED_ATTRIBUTE)},'')`,
].join('');

/** What the server asks its render worker for (src/ssr/render-home.tsx renderHome). */
export interface RenderHomeInput {
  /** The request's address as the browser has it (origin, path and query), e.g. http://acme.localhost:8080/study/home: start-up reads the tenant from its host. */
  url: string;
  /** The deployment's default tenant code (index.html's portal-default-tenant). */
  defaultTenant: string;
  /** The texts of the HTML's two JSON elements, as the page carries them (script-safe JSON). */
  bootstrapJson: string;
  blockDataJson: string;
}

/** A rendered home. */
export interface RenderedHome {
  /** The markup of the app's root, blocks and all. */
  markup: string;
  /** antd's styles for what the markup uses (<style> elements; none when it uses no antd component). */
  styles: string;
  /** The CSS custom properties the client puts on <html> (src/app/providers.tsx useRootTheme), as a declaration list. */
  rootStyle: string;
  /** The colour style the client marks <html> with (data-theme). */
  colorStyle: 'light' | 'dark';
}

/** What a render gives: the page, or why it was not rendered (the server logs it). */
export type RenderOutcome = RenderedHome | { skipped: string };

/** The worker's messages: `ready` once it has loaded the app, then one reply per request. */
export type RenderWorkerMessage = { ready: true } | { id: number; result: RenderOutcome } | { id: number; error: string };

/** A request to the worker. */
export interface RenderWorkerRequest {
  id: number;
  input: RenderHomeInput;
}
