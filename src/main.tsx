// Browser entry: mounts the app into #root (index.html), once what its first commit needs is in
// (src/app/warm-start.ts: at once unless the HTML carries the home's start-up answers).
import { StrictMode } from 'react';
import { createRoot, hydrateRoot } from 'react-dom/client';
import { CHECKED_ATTRIBUTE, CLIENT_STARTED_ATTRIBUTE, HOME_MARKUP_ELEMENT_ID, HYDRATION_MISMATCH_WARNING, SERVER_MARKUP_ATTRIBUTE } from '../schemas/home-markup';
import { App } from './app/app';
import { prepareFirstRender, SERVER_MARKUP_WAIT_MS, WARM_START_WAIT_MS } from './app/warm-start';
import './app/global.css';

const root = document.getElementById('root');
if (!root) throw new Error('index.html has no <div id="root">; the portal cannot mount.');
// A guest's home may already show the server's markup (schemas/home-markup.ts): the app hydrates
// it (the same start-up path and answers rendered it on the server, src/ssr/render-home.tsx), and
// waits for the finished page longer rather than swap the blocks for a skeleton. The check that
// shows the markup leaves the root alone once the app has taken it.
const CHECK_WAIT_MS = 200;

/** Whether the root shows the server's markup, once the HTML's check has run (schemas/home-markup.ts CHECKED_ATTRIBUTE). */
async function takeRoot(into: HTMLElement): Promise<boolean> {
  const template = document.getElementById(HOME_MARKUP_ELEMENT_ID);
  for (let waited = 0; template && !template.hasAttribute(CHECKED_ATTRIBUTE) && waited < CHECK_WAIT_MS; waited += 10) {
    await new Promise((resolve) => setTimeout(resolve, 10));
  }
  into.setAttribute(CLIENT_STARTED_ATTRIBUTE, '');
  return into.hasAttribute(SERVER_MARKUP_ATTRIBUTE);
}

/**
 * Resolves once the browser has painted a frame. The app's first render is one long task (~0.5 s on
 * demo's home here): started before the markup's first frame, it kept the markup from showing at all.
 */
const afterNextPaint = () => new Promise<void>((resolve) => requestAnimationFrame(() => setTimeout(resolve, 0)));

void takeRoot(root).then(async (serverMarkup) => {
  await prepareFirstRender(window.location, serverMarkup ? SERVER_MARKUP_WAIT_MS : WARM_START_WAIT_MS);
  const app = (
    <StrictMode>
      <App />
    </StrictMode>
  );
  if (!serverMarkup) {
    createRoot(root).render(app);
    return;
  }
  await afterNextPaint();
  hydrateRoot(root, app, {
    // React renders the page afresh when the markup differs from its first render (a relative time
    // that moved on, an answer that changed): the page is right, only the markup's nodes are lost.
    onRecoverableError: (error) => console.warn(`${HYDRATION_MISMATCH_WARNING} The app rendered the page afresh.`, error),
  });
});
