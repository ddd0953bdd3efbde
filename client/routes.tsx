/**
 * Routes by login state (spec section 2). Each route names the screen it renders, lazily
 * loaded so the first route carries only its own code.
 */
import { lazy, type ComponentType, type LazyExoticComponent } from 'react';
import type { LoginMode } from './session';
import type { MessageKey } from './i18n';

type Screen = LazyExoticComponent<ComponentType>;

export type RouteDef = {
  path: string;
  screen: Screen;
  /** Who may open it. */
  modes: readonly LoginMode[];
  /** The page's name in English (the spec's word). */
  title: string;
  /** Its name in the catalogue, for the browser tab and messages (Chinese first); else the title. */
  titleKey?: MessageKey;
};

const ALL = ['teacher', 'student', 'visitor'] as const;
const SIGNED_IN = ['teacher', 'student'] as const;
const TEACHER = ['teacher'] as const;

const Home = lazy(() => import('./screens/Home/Home'));
const Help = lazy(() => import('./screens/Help/Help'));
const Listening = lazy(() => import('./screens/Listening/Listening'));
const Login = lazy(() => import('./screens/Login/Login'));
const Signup = lazy(() => import('./screens/Signup/Signup'));
const PaDocs = lazy(() => import('./screens/Help/PaDocs'));
const Record = lazy(() => import('./screens/Record/Record'));
const TextbookAudio = lazy(() => import('./screens/Listening/TextbookAudio'));
const Tasks = lazy(() => import('./screens/Tasks/Tasks'));
const Classes = lazy(() => import('./screens/Classes/Classes'));
const Textbooks = lazy(() => import('./screens/Textbooks/Textbooks'));
const Dashboard = lazy(() => import('./screens/Dashboard/Dashboard'));
const SpellingBee = lazy(() => import('./screens/SpellingBee/SpellingBee'));
const FlashcardMaster = lazy(() => import('./screens/FlashcardMaster/FlashcardMaster'));

const ROUTES: RouteDef[] = [
  { path: '/', screen: Home, modes: ALL, title: 'Home', titleKey: 'nav.home' },
  { path: '/help', screen: Help, modes: ALL, title: 'Help', titleKey: 'nav.help' },
  { path: '/padocs', screen: PaDocs, modes: ALL, title: 'Pronunciation Assessment', titleKey: 'nav.paDocs' },
  { path: '/listening', screen: Listening, modes: ALL, title: 'Listening', titleKey: 'nav.listening' },
  { path: '/rjbpep', screen: TextbookAudio, modes: ALL, title: 'Primary textbook audio', titleKey: 'nav.primaryAudio' },
  { path: '/rjbms', screen: TextbookAudio, modes: ALL, title: 'Middle school textbook audio', titleKey: 'nav.middleAudio' },
  { path: '/rjbhs', screen: TextbookAudio, modes: ALL, title: 'High school textbook audio', titleKey: 'nav.highAudio' },
  { path: '/login', screen: Login, modes: ['visitor'], title: 'Login', titleKey: 'nav.login' },
  { path: '/signup', screen: Signup, modes: ALL, title: 'Signup', titleKey: 'nav.signup' },
  { path: '/task', screen: Tasks, modes: SIGNED_IN, title: 'Tasks', titleKey: 'nav.tasks' },
  { path: '/dashboard', screen: Dashboard, modes: SIGNED_IN, title: 'Dashboard', titleKey: 'nav.dashboard' },
  { path: '/record', screen: Record, modes: SIGNED_IN, title: 'Pronunciation', titleKey: 'nav.pronunciation' },
  { path: '/spellingbee', screen: SpellingBee, modes: SIGNED_IN, title: 'Spelling Bee', titleKey: 'nav.spellingBee' },
  { path: '/flashcardmaster', screen: FlashcardMaster, modes: SIGNED_IN, title: 'Flashcard Master', titleKey: 'nav.flashcardMaster' },
  { path: '/mistakes', screen: lazy(() => import('./screens/Mistakes/Mistakes')), modes: SIGNED_IN, title: 'My mistakes', titleKey: 'mistakes.title' },
  { path: '/account', screen: lazy(() => import('./screens/Account/Account')), modes: SIGNED_IN, title: 'Account', titleKey: 'account.title' },
  { path: '/classes', screen: Classes, modes: TEACHER, title: 'Classes', titleKey: 'nav.classes' },
  { path: '/textbooks', screen: Textbooks, modes: TEACHER, title: 'Textbooks', titleKey: 'nav.textbooks' },
];

export function routeFor(path: string): RouteDef | undefined {
  const clean = path.length > 1 ? path.replace(/\/+$/, '') : path;
  return ROUTES.find((r) => r.path === clean);
}
