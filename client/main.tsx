import './csp';
import { StrictMode } from 'react';
import { createRoot } from 'react-dom/client';
import { App } from './App';
import { enterRoute } from './routes';
import { reloadOnNewBuild } from './newBuild';
import { initSentry } from './sentry';
import { onSessionStart, readUser, scheduleExpiry } from './session';
import './ui/theme.css';

reloadOnNewBuild();
const restoreSelectedClass = () => void import('./screens/Classes/restoreSelection').then((m) => m.restoreSelectedClass());
// A teacher's class is remembered by the server: selected again at login (DESIGN).
onSessionStart((started) => {
  if (started.isTeacher) restoreSelectedClass();
});
const user = readUser();
if (user) scheduleExpiry(user);
// A page loaded again before the login's class selection came back (a reload right after login):
// the teacher's kept class is asked for again, so Textbooks and the dashboard do not lose it.
if (user?.isTeacher && !sessionStorage.getItem('selectedClassname')) restoreSelectedClass();

// The first page's data is asked for before React starts: it arrives while the screen's code does.
enterRoute(location.pathname);

createRoot(document.getElementById('root')!).render(
  <StrictMode>
    <App />
  </StrictMode>,
);
initSentry();
