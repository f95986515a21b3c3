import { StrictMode } from 'react';
import { createRoot } from 'react-dom/client';
import '@common/schemas/messages';
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
