// The guest's home rendered on the server (issue 15 point 3: all blocks of demo's home within 2× of
// a plain page). It runs in a worker of the API server (server/plugins/ssr-home.ts) over a jsdom
// document (src/ssr/worker.ts), and takes the client's own start-up path: the HTML's answers are put
// in that document, start-up takes them (startAppNow), the runtime page, the widget library and the
// template's widgets load (warm start), and the app renders once with React's server renderer at the
// request's address. The client hydrates this markup (src/main.tsx): both render the same tree from
// the same answers. Where they differ, React renders the page afresh in the browser.
import { StyleProvider, createCache, extractStyle } from '@ant-design/cssinjs';
import { text } from 'node:stream/consumers';
import { StrictMode } from 'react';
import { prerenderToNodeStream } from 'react-dom/static';
import { createMemoryRouter } from 'react-router';
import { BLOCK_DATA_ELEMENT_ID, BOOTSTRAP_ELEMENT_ID } from '../../schemas/bootstrap';
import { HELD_SRC_ATTRIBUTE, type RenderHomeInput, type RenderOutcome } from '../../schemas/home-markup';
import { App } from '../app/app';
import { discoverPageRoutes, routes } from '../app/router';
import { resetStartedBeforeRender } from '../app/start-up';
import { prepareFirstRender } from '../app/warm-start';
import { i18n } from '../i18n/i18n';
import { BASE_PATH } from '../lib/constants';
import { resetBootstrap } from '../lib/bootstrap';
import { setTenantId } from '../lib/storage';
import { themeCssVars } from '../lib/theme-colors';
import { useAppStore } from '../stores/app-store';
import { FONT_SIZES, effectiveColorStyle, usePreferencesStore } from '../stores/preferences-store';
import { useUserStore } from '../stores/user-store';

/** How long the render waits for start-up's modules (the client waits WARM_START_WAIT_MS, then paints a skeleton). */
const MODULES_WAIT_MS = 10_000;

/** The language a browser with nothing stored starts in (src/i18n/i18n.ts). */
const DEFAULT_LANGUAGE = 'zh';

/** Resolves when start-up has stopped loading (at most MODULES_WAIT_MS). */
function untilLoaded(): Promise<void> {
  return new Promise((resolve) => {
    const timer = setTimeout(done, MODULES_WAIT_MS);
    const stop = useAppStore.subscribe((state) => {
      if (!state.loading) done();
    });
    function done() {
      clearTimeout(timer);
      stop();
      resolve();
    }
    if (!useAppStore.getState().loading) done();
  });
}

/** The state every render starts from: no start-up, nobody signed in, nothing stored, the default language. */
async function resetPage(input: RenderHomeInput): Promise<void> {
  if (i18n.language !== DEFAULT_LANGUAGE) await i18n.changeLanguage(DEFAULT_LANGUAGE);
  localStorage.clear();
  sessionStorage.clear();
  setTenantId(null); // the tenant of "this tab", which storage.ts also keeps in memory
  resetBootstrap();
  resetStartedBeforeRender();
  useAppStore.setState(useAppStore.getInitialState(), true);
  useUserStore.setState(useUserStore.getInitialState(), true);
  usePreferencesStore.setState(usePreferencesStore.getInitialState(), true);
  (globalThis as { __portalSetUrl?: (url: string) => void }).__portalSetUrl?.(input.url);
  const json = (id: string, text: string) => `<script type="application/json" id="${id}">${text}</script>`;
  const meta = document.createElement('meta');
  meta.name = 'portal-default-tenant';
  meta.content = input.defaultTenant;
  document.head.replaceChildren(meta);
  document.body.innerHTML = `<div id="root"></div>${json(BOOTSTRAP_ELEMENT_ID, input.bootstrapJson)}${json(BLOCK_DATA_ELEMENT_ID, input.blockDataJson)}`;
}

/**
 * Renders a guest's home at `input.url`, or says why not when the client would not paint it in its
 * first commit from these answers (start-up would ask the API, the template is not the route's, a
 * block is still loading): the page then goes out without markup, as before.
 */
export async function renderHome(input: RenderHomeInput): Promise<RenderOutcome> {
  await resetPage(input);
  await prepareFirstRender(window.location, MODULES_WAIT_MS);
  const app = useAppStore.getState();
  if (app.loading || app.startError) {
    // A tenant whose default language is English loads its texts first (startAppNow): that is left
    // to finish here, so it cannot switch the language in the middle of the next page's render.
    await untilLoaded();
    return { skipped: 'start-up would not paint from the HTML\'s answers at once (an English tenant, or answers start-up would not take)' };
  }
  // The page in the language the browser starts in (the texts are module state of this worker).
  if (i18n.language !== DEFAULT_LANGUAGE) return { skipped: `the texts are in "${i18n.language}"` };
  const cache = createCache();
  const router = createMemoryRouter(routes, { basename: BASE_PATH, initialEntries: [window.location.pathname + window.location.search], patchRoutesOnNavigation: discoverPageRoutes });
  const { prelude } = await prerenderToNodeStream(
    <StrictMode>
      <StyleProvider cache={cache}>
        <App createRouter={() => router} />
      </StyleProvider>
    </StrictMode>,
    // Every boundary inline: React otherwise outlines a large one behind a script that swaps it in,
    // which this page's CSP would refuse and the hydrating client does not need.
    { progressiveChunkSize: Number.MAX_SAFE_INTEGER },
  );
  router.dispose();
  const markup = await text(prelude);
  if (i18n.language !== DEFAULT_LANGUAGE) return { skipped: 'the language changed during the render' };
  // Only a finished page: its blocks, none of them a placeholder (the first commit the client makes).
  if (!/class="rt-page[ "]/.test(markup)) return { skipped: 'the render holds no runtime page' };
  const busy = /rt-block-(deferred|loading)|aria-busy="true"/.exec(markup);
  if (busy) return { skipped: `a block is not finished (${busy[0]}: ${markup.slice(Math.max(0, busy.index - 160), busy.index + 40)})` };
  const colorStyle = effectiveColorStyle(usePreferencesStore.getState().theme, useAppStore.getState().site.colorStyle);
  const vars = { ...themeCssVars(useAppStore.getState().themeColors, colorStyle), '--portal-font-size': `${FONT_SIZES[usePreferencesStore.getState().fontSize]}px` };
  const rootStyle = Object.entries(vars).map(([name, value]) => `${name}:${value}`).join(';');
  // Without antd's cache-path marker: the home's markup uses no antd component today, and with one the
  // client would only write its styles again.
  const styles = extractStyle(cache).replace(/<style data-ant-cssinjs-cache-path[^>]*>[^<]*<\/style>/, '');
  // Pictures load once the markup has painted (schemas/home-markup.ts HELD_SRC_ATTRIBUTE).
  const held = markup.replace(/<img\b[^>]*>/g, (tag) => tag.replace(/ src="/, ` ${HELD_SRC_ATTRIBUTE}="`));
  return { markup: held, styles, rootStyle, colorStyle };
}
