// Browser entry: mounts the app into #root (index.html).
import { StrictMode } from 'react';
import { createRoot } from 'react-dom/client';
import { App } from './app/app';
import './app/global.css';

const root = document.getElementById('root');
if (!root) throw new Error('index.html has no <div id="root">; the portal cannot mount.');
createRoot(root).render(
  <StrictMode>
    <App />
  </StrictMode>,
);
