import { StrictMode } from 'react';
import { createRoot } from 'react-dom/client';
import { App } from './app';
import { preloadScreen } from './routes';
import './index.css';

const root = document.getElementById('root');
if (!root) throw new Error('index.html has no #root element');

const render = () =>
  createRoot(root).render(
    <StrictMode>
      <App />
    </StrictMode>,
  );
// A screen that fails to load still renders: its error boundary says so.
preloadScreen(window.location.pathname).then(render, render);

// The service worker (lib/service-worker.tsx) copies the whole app for offline use: it starts once
// the first page has loaded and the browser is idle, so that page's own requests go first.
if (import.meta.env.PROD && 'serviceWorker' in navigator) {
  const register = () => void import('./lib/service-worker').then((sw) => sw.registerServiceWorker());
  const whenIdle = () =>
    'requestIdleCallback' in window
      ? requestIdleCallback(register, { timeout: 5000 })
      : setTimeout(register, 2000);
  if (document.readyState === 'complete') whenIdle();
  else window.addEventListener('load', whenIdle, { once: true });
}
