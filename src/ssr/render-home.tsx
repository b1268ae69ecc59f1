// The guest's home rendered on the server (issue 15 point 3: all blocks of demo's home within 2× of
// a plain page). It runs in a worker of the API server (server/plugins/ssr-home.ts) over a jsdom
// document (src/ssr/worker.ts), and takes the client's own start-up path: the HTML's answers are put
// in that document, start-up takes them (startAppNow), the runtime page, the widget library and the
// template's widgets load (warm start), and the app renders once with React's server renderer at the
// request's address. The client does not hydrate this markup: its first render replaces it
// (src/main.tsx), so markup and client never have to agree to the byte.
import { StyleProvider, createCache, extractStyle } from '@ant-design/cssinjs';
import { Writable } from 'node:stream';
import { prerenderToNodeStream } from 'react-dom/static';
import { createMemoryRouter } from 'react-router';
import { BLOCK_DATA_ELEMENT_ID, BOOTSTRAP_ELEMENT_ID } from '../../schemas/bootstrap';
import { HELD_SRC_ATTRIBUTE, type RenderHomeInput, type RenderOutcome } from '../../schemas/home-markup';
import { App } from '../app/app';
import { discoverPageRoutes, routes } from '../app/router';
import { resetStartedBeforeRender } from '../app/start-up';
import { prepareFirstRender } from '../app/warm-start';
import { BASE_PATH } from '../lib/constants';
import { resetBootstrap } from '../lib/bootstrap';
import { themeCssVars } from '../lib/theme-colors';
import { useAppStore } from '../stores/app-store';
import { FONT_SIZES, effectiveColorStyle, usePreferencesStore } from '../stores/preferences-store';
import { useUserStore } from '../stores/user-store';

/** How long the render waits for start-up's modules (the client waits WARM_START_WAIT_MS, then paints a skeleton). */
const MODULES_WAIT_MS = 10_000;

/** The state every render starts from: no start-up, nobody signed in, nothing stored. */
function resetPage(input: RenderHomeInput): void {
  localStorage.clear();
  sessionStorage.clear();
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

async function streamText(stream: NodeJS.ReadableStream): Promise<string> {
  const chunks: Buffer[] = [];
  await new Promise<void>((resolve, reject) => {
    stream.pipe(new Writable({
      write(chunk: Buffer, _encoding, done) {
        chunks.push(chunk);
        done();
      },
    })).on('finish', resolve).on('error', reject);
    stream.on('error', reject);
  });
  return Buffer.concat(chunks).toString('utf8');
}

/**
 * Renders a guest's home at `input.url`, or says why not when the client would not paint it in its
 * first commit from these answers (start-up would ask the API, the template is not the route's, a
 * block is still loading): the page then goes out without markup, as before.
 */
export async function renderHome(input: RenderHomeInput): Promise<RenderOutcome> {
  resetPage(input);
  await prepareFirstRender(window.location, MODULES_WAIT_MS);
  const app = useAppStore.getState();
  if (app.loading || app.startError) return { skipped: 'start-up would not take the HTML\'s answers' };
  const cache = createCache();
  const router = createMemoryRouter(routes, { basename: BASE_PATH, initialEntries: [window.location.pathname + window.location.search], patchRoutesOnNavigation: discoverPageRoutes });
  const { prelude } = await prerenderToNodeStream(
    <StyleProvider cache={cache}>
      <App createRouter={() => router} />
    </StyleProvider>,
    // Every boundary inline: React otherwise outlines a large one behind a script that swaps it in,
    // which this page's CSP and the client's replacing render have no use for.
    { progressiveChunkSize: Number.MAX_SAFE_INTEGER },
  );
  router.dispose();
  const markup = await streamText(prelude);
  // Only a finished page: its blocks, none of them a placeholder (the first commit the client makes).
  if (!/class="rt-page[ "]/.test(markup)) return { skipped: 'the render holds no runtime page' };
  const busy = /rt-block-(deferred|loading)|aria-busy="true"/.exec(markup);
  if (busy) return { skipped: `a block is not finished (${busy[0]}: ${markup.slice(Math.max(0, busy.index - 160), busy.index + 40)})` };
  const colorStyle = effectiveColorStyle(usePreferencesStore.getState().theme, useAppStore.getState().site.colorStyle);
  const vars = { ...themeCssVars(useAppStore.getState().themeColors, colorStyle), '--portal-font-size': `${FONT_SIZES[usePreferencesStore.getState().fontSize]}px` };
  const rootStyle = Object.entries(vars).map(([name, value]) => `${name}:${value}`).join(';');
  // Without the cache-path marker, which only a hydrating client reads (this one replaces the markup).
  const styles = extractStyle(cache).replace(/<style data-ant-cssinjs-cache-path[^>]*>[^<]*<\/style>/, '');
  // Pictures load once the markup has painted (schemas/home-markup.ts HELD_SRC_ATTRIBUTE).
  const held = markup.replace(/<img\b[^>]*>/g, (tag) => tag.replace(/ src="/, ` ${HELD_SRC_ATTRIBUTE}="`));
  return { markup: held, styles, rootStyle, colorStyle };
}
