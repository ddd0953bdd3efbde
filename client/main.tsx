import './csp';
import { StrictMode } from 'react';
import { createRoot } from 'react-dom/client';
import { App } from './App';
import { reloadOnNewBuild } from './newBuild';
import { initSentry } from './sentry';
import { readUser, scheduleExpiry } from './session';
import './ui/theme.css';

reloadOnNewBuild();
const user = readUser();
if (user) scheduleExpiry(user);

createRoot(document.getElementById('root')!).render(
  <StrictMode>
    <App />
  </StrictMode>,
);
initSentry();
