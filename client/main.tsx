import './csp';
import { StrictMode } from 'react';
import { createRoot } from 'react-dom/client';
import { App } from './App';
import { reloadOnNewBuild } from './newBuild';
import { initSentry } from './sentry';
import { readUser, scheduleExpiry } from './session';
import './ui/theme.css';

// Offline, a screen's code cannot load: that is no new build, and loading the page again would
// only show the browser's offline page (and lose what was typed). The error panel says what
// happened instead, and loads the page again once the browser is back online.
window.addEventListener('vite:preloadError', (event) => {
  if (!navigator.onLine) event.stopImmediatePropagation();
});
reloadOnNewBuild();
const user = readUser();
if (user) scheduleExpiry(user);

createRoot(document.getElementById('root')!).render(
  <StrictMode>
    <App />
  </StrictMode>,
);
initSentry();
