/**
 * Routes by login state (spec section 2). Each route names the screen it renders, lazily
 * loaded so the first route carries only its own code.
 */
import { lazy, type ComponentType, type LazyExoticComponent } from 'react';
import type { LoginMode } from './session';

type Screen = LazyExoticComponent<ComponentType>;

export type RouteDef = {
  path: string;
  screen: Screen;
  /** Who may open it. */
  modes: readonly LoginMode[];
  /** Shown in the bar's burger menu and as the page title. */
  title: string;
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

export const ROUTES: RouteDef[] = [
  { path: '/', screen: Home, modes: ALL, title: 'Home' },
  { path: '/help', screen: Help, modes: ALL, title: 'Help' },
  { path: '/padocs', screen: PaDocs, modes: ALL, title: 'Pronunciation Assessment' },
  { path: '/listening', screen: Listening, modes: ALL, title: 'Listening' },
  { path: '/rjbpep', screen: TextbookAudio, modes: ALL, title: 'Primary textbook audio' },
  { path: '/rjbms', screen: TextbookAudio, modes: ALL, title: 'Middle school textbook audio' },
  { path: '/rjbhs', screen: TextbookAudio, modes: ALL, title: 'High school textbook audio' },
  { path: '/login', screen: Login, modes: ['visitor'], title: 'Login' },
  { path: '/signup', screen: Signup, modes: ALL, title: 'Signup' },
  { path: '/task', screen: Tasks, modes: SIGNED_IN, title: 'Tasks' },
  { path: '/dashboard', screen: Dashboard, modes: SIGNED_IN, title: 'Dashboard' },
  { path: '/record', screen: Record, modes: SIGNED_IN, title: 'Pronunciation' },
  { path: '/spellingbee', screen: SpellingBee, modes: SIGNED_IN, title: 'Spelling Bee' },
  { path: '/flashcardmaster', screen: FlashcardMaster, modes: SIGNED_IN, title: 'Flashcard Master' },
  { path: '/classes', screen: Classes, modes: TEACHER, title: 'Classes' },
  { path: '/textbooks', screen: Textbooks, modes: TEACHER, title: 'Textbooks' },
];

export function routeFor(path: string): RouteDef | undefined {
  const clean = path.length > 1 ? path.replace(/\/+$/, '') : path;
  return ROUTES.find((r) => r.path === clean);
}
