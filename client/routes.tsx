/**
 * Routes by login state (spec section 2). Each route names the screen it renders, lazily
 * loaded so the first route carries only its own code, and the queries that screen shows (their
 * name and text, `?params`), sent as the route is entered, together with the screen's code
 * (routeQueries.ts).
 */
import { lazy, type ComponentType, type LazyExoticComponent } from 'react';
import { modeOf, readUser, type LoginMode, type UserRecord } from './session';
import { loadScreenMessages, type MessageKey } from './i18n';
import { startRouteQueries, type RouteQuery } from './routeQueries';
import { currentTaskId, recordTaskId } from './ui/player/taskId';
import TasksQuery from './screens/Tasks/__generated__/TasksQuery.graphql?params';
import LastTaskBannerQuery from './screens/Tasks/__generated__/LastTaskBannerQuery.graphql?params';
import DashboardQuery from './screens/Dashboard/__generated__/DashboardQuery.graphql?params';
import LiveClassQuery from './screens/Dashboard/__generated__/LiveClassQuery.graphql?params';
import WeakWordsQuery from './screens/Dashboard/__generated__/WeakWordsQuery.graphql?params';
import SpellingBeeQuery from './screens/SpellingBee/__generated__/SpellingBeeQuery.graphql?params';
import FlashcardMasterQuery from './screens/FlashcardMaster/__generated__/FlashcardMasterQuery.graphql?params';
import RecordQuery from './screens/Record/__generated__/RecordQuery.graphql?params';
import MistakesQuery from './screens/Mistakes/__generated__/MistakesQuery.graphql?params';
import ClassesQuery from './screens/Classes/__generated__/ClassesQuery.graphql?params';
import TextbooksQuery from './screens/Textbooks/__generated__/TextbooksQuery.graphql?params';

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
  /**
   * The queries its screen shows for this user, with the variables the screen will ask for (the
   * screen's `useRouteQuery` finds them by their variables).
   */
  queries?: (user: UserRecord) => RouteQuery[];
};

/** The class a teacher selected (Classes), which Tasks, Textbooks and the dashboard show. */
const selectedClass = () => sessionStorage.getItem('selectedClassname');
/** A player's task content: never from the store (a task finished meanwhile must say so at once). */
const taskContent = (query: RouteQuery['query']) => (): RouteQuery[] => {
  const taskId = currentTaskId();
  return taskId ? [{ query, variables: { taskId }, fetchPolicy: 'network-only' }] : [];
};

const ALL = ['teacher', 'student', 'visitor'] as const;
const SIGNED_IN = ['teacher', 'student'] as const;
const TEACHER = ['teacher'] as const;

/**
 * A screen loaded lazily, its code together with the screens' messages (i18n/screenMessages.ts).
 * Only the login page, the first route of most visits, needs none of them.
 */
const screen = (load: () => Promise<{ default: ComponentType }>): Screen => lazy(() => Promise.all([load(), loadScreenMessages()]).then(([module]) => module));

const Home = screen(() => import('./screens/Home/Home'));
const Help = screen(() => import('./screens/Help/Help'));
const Listening = screen(() => import('./screens/Listening/Listening'));
const Login = lazy(() => import('./screens/Login/Login'));
const Signup = screen(() => import('./screens/Signup/Signup'));
const PaDocs = screen(() => import('./screens/Help/PaDocs'));
const Record = screen(() => import('./screens/Record/Record'));
const TextbookAudio = screen(() => import('./screens/Listening/TextbookAudio'));
const Tasks = screen(() => import('./screens/Tasks/Tasks'));
const Classes = screen(() => import('./screens/Classes/Classes'));
const Textbooks = screen(() => import('./screens/Textbooks/Textbooks'));
const Dashboard = screen(() => import('./screens/Dashboard/Dashboard'));
const SpellingBee = screen(() => import('./screens/SpellingBee/SpellingBee'));
const FlashcardMaster = screen(() => import('./screens/FlashcardMaster/FlashcardMaster'));

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
  {
    path: '/task',
    screen: Tasks,
    modes: SIGNED_IN,
    title: 'Tasks',
    titleKey: 'nav.tasks',
    queries: (user) => [
      { query: TasksQuery, variables: { className: user.isTeacher ? selectedClass() : null }, fetchPolicy: 'store-and-network' },
      ...(user.isTeacher ? [] : [{ query: LastTaskBannerQuery, variables: {}, fetchPolicy: 'network-only' } as const]),
    ],
  },
  {
    path: '/dashboard',
    screen: Dashboard,
    modes: SIGNED_IN,
    title: 'Dashboard',
    titleKey: 'nav.dashboard',
    queries: (user) => {
      if (!user.isTeacher) return [{ query: DashboardQuery, variables: {}, fetchPolicy: 'store-and-network' }];
      const className = selectedClass();
      if (!className) return [];
      return [
        { query: LiveClassQuery, variables: { className }, fetchPolicy: 'store-and-network' },
        { query: WeakWordsQuery, variables: { className, period: 'WEEK' }, fetchPolicy: 'store-and-network' },
      ];
    },
  },
  {
    path: '/record',
    screen: Record,
    modes: SIGNED_IN,
    title: 'Pronunciation',
    titleKey: 'nav.pronunciation',
    queries: () => [{ query: RecordQuery, variables: { taskId: recordTaskId() }, fetchPolicy: 'network-only' }],
  },
  { path: '/spellingbee', screen: SpellingBee, modes: SIGNED_IN, title: 'Spelling Bee', titleKey: 'nav.spellingBee', queries: taskContent(SpellingBeeQuery) },
  {
    path: '/flashcardmaster',
    screen: FlashcardMaster,
    modes: SIGNED_IN,
    title: 'Flashcard Master',
    titleKey: 'nav.flashcardMaster',
    queries: taskContent(FlashcardMasterQuery),
  },
  {
    path: '/mistakes',
    screen: screen(() => import('./screens/Mistakes/Mistakes')),
    modes: SIGNED_IN,
    title: 'My mistakes',
    titleKey: 'nav.mistakes',
    queries: (user) => (user.isTeacher ? [] : [{ query: MistakesQuery, variables: {}, fetchPolicy: 'network-only' }]),
  },
  { path: '/account', screen: screen(() => import('./screens/Account/Account')), modes: SIGNED_IN, title: 'Account', titleKey: 'nav.account' },
  {
    path: '/classes',
    screen: Classes,
    modes: TEACHER,
    title: 'Classes',
    titleKey: 'nav.classes',
    queries: () => [{ query: ClassesQuery, variables: {}, fetchPolicy: 'store-and-network' }],
  },
  {
    path: '/textbooks',
    screen: Textbooks,
    modes: TEACHER,
    title: 'Textbooks',
    titleKey: 'nav.textbooks',
    queries: () => {
      const className = selectedClass();
      return className ? [{ query: TextbooksQuery, variables: { className }, fetchPolicy: 'store-or-network' }] : [];
    },
  },
];

export function routeFor(path: string): RouteDef | undefined {
  const clean = path.length > 1 ? path.replace(/\/+$/, '') : path;
  return ROUTES.find((r) => r.path === clean);
}

/**
 * Entering a path: the queries of its screen are started (when this user may open it), before
 * the screen's code has arrived. Called for the page's first path before React renders, then by
 * each render of the app's current path: the renders of one visit start them once (a navigation
 * always changes the path, or who is logged in).
 */
export function enterRoute(path: string): void {
  const user = readUser();
  const route = routeFor(path);
  const allowed = route && user && route.modes.includes(modeOf(user));
  startRouteQueries(`${modeOf(user)} ${path}`, allowed && route.queries ? route.queries(user) : []);
}
