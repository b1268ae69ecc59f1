// Browser entry: mounts the app into #root (index.html), once what its first commit needs is in
// (src/app/warm-start.ts: at once unless the HTML carries the home's start-up answers).
import { StrictMode } from 'react';
import { createRoot } from 'react-dom/client';
import { CLIENT_STARTED_ATTRIBUTE, SERVER_MARKUP_ATTRIBUTE } from '../schemas/home-markup';
import { App } from './app/app';
import { prepareFirstRender, SERVER_MARKUP_WAIT_MS, WARM_START_WAIT_MS } from './app/warm-start';
import './app/global.css';

const root = document.getElementById('root');
if (!root) throw new Error('index.html has no <div id="root">; the portal cannot mount.');
// A guest's home may already show the server's markup (schemas/home-markup.ts); the first commit
// replaces it (React clears a root's earlier children), so it waits for the finished page longer
// rather than swap the blocks for a skeleton. The check that shows the markup leaves the root alone
// from here on.
const serverMarkup = root.hasAttribute(SERVER_MARKUP_ATTRIBUTE);
root.setAttribute(CLIENT_STARTED_ATTRIBUTE, '');

/**
 * Resolves once the browser has painted a frame. The app's first render is one long task (~0.5 s on
 * demo's home here): started before the markup's first frame, it kept the markup from showing at all.
 */
const afterNextPaint = () => new Promise<void>((resolve) => requestAnimationFrame(() => setTimeout(resolve, 0)));

void prepareFirstRender(window.location, serverMarkup ? SERVER_MARKUP_WAIT_MS : WARM_START_WAIT_MS).then(async () => {
  if (serverMarkup) await afterNextPaint();
  createRoot(root).render(
    <StrictMode>
      <App />
    </StrictMode>,
  );
});
