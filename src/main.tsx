// Browser entry: mounts the app into #root (index.html), once what its first commit needs is in
// (src/app/warm-start.ts: at once unless the HTML carries the home's start-up answers).
import { StrictMode } from 'react';
import { createRoot } from 'react-dom/client';
import { App } from './app/app';
import { prepareFirstRender } from './app/warm-start';
import './app/global.css';

const root = document.getElementById('root');
if (!root) throw new Error('index.html has no <div id="root">; the portal cannot mount.');
void prepareFirstRender().then(() => {
  createRoot(root).render(
    <StrictMode>
      <App />
    </StrictMode>,
  );
});
