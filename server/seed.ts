/**
 * First-start data: the press options and the demo accounts with their demo class and its first
 * tasks (DESIGN: `demoteacher` and `demostudent`, password equal to the username; a demo class
 * with a few students and tasks), so a first visitor finds something to play. Built through the
 * services, so the demo data obeys every rule real data does. Runs once: it does nothing when
 * the demo teacher exists.
 */
import { eq } from 'drizzle-orm';
import type { Deps } from './deps.ts';
import { appState, pressOptions, users } from '../db/schema.ts';
import { signup, authenticate } from './users/service.ts';
import { addClass } from './classes/service.ts';
import { assignTask } from './tasks/service.ts';
import { buildPack } from '../db/content/pack.ts';
import { loadPack } from '../db/content/load.ts';

const DEMO_TEACHER = 'demoteacher';
const DEMO_STUDENT = 'demostudent';
const DEMO_CLASS = 'Demo Class';
/** The demo class's first tasks: a textbook unit to say and spell, and a batch of flashcards. */
const DEMO_TASKS = [
  { bookUnitId: 'PEP3A-1', type: 'PA+SB' },
  { bookUnitId: 'FC2025-R', type: 'FM' },
];

/** The press textbook series offered per school level (spec: Press option). */
const PRESS_OPTIONS = [
  { schoolId: 'ES', pressId: 'PEP', title: "People's Education Press (PEP), primary" },
  { schoolId: 'ES', pressId: 'BNU', title: 'Beijing Normal University edition, primary' },
  { schoolId: 'MS', pressId: 'PEP', title: "People's Education Press (Go for it!), junior high" },
  { schoolId: 'MS', pressId: 'BNU', title: 'Beijing Normal University edition, junior high' },
  { schoolId: 'HS', pressId: 'PEP', title: "People's Education Press, senior high (2019)" },
  { schoolId: 'HS', pressId: 'BNU', title: 'Beijing Normal University edition, senior high (2019)' },
  { schoolId: 'K-12', pressId: 'NS', title: 'National standards 2022, all levels' },
];

export async function seed(deps: Deps, contentDir?: string): Promise<void> {
  await deps.db.insert(pressOptions).values(PRESS_OPTIONS).onConflictDoNothing();
  const pack = buildPack(contentDir);
  const { loaded, words } = await loadPack(deps.db, pack);
  if (loaded) deps.log.info({ version: pack.version, words }, 'loaded the content pack');
  // Once per installation: demo accounts an operator deleted (or never wanted, SEED_DEMO=0) stay away.
  if (!deps.config.seedDemo) return;
  const [seeded] = await deps.db.select().from(appState).where(eq(appState.key, DEMO_SEEDED));
  if (seeded) return;
  const [existing] = await deps.db.select({ id: users.id }).from(users).where(eq(users.usernameKey, DEMO_TEACHER));
  if (!existing) await seedDemo(deps);
  await deps.db.insert(appState).values({ key: DEMO_SEEDED, value: new Date().toISOString() }).onConflictDoNothing();
}

const DEMO_SEEDED = 'demo_seeded';

/** The demo teacher, their class with a few students and tasks, and the demo student. */
async function seedDemo(deps: Deps): Promise<void> {
  await signup(deps, { username: DEMO_TEACHER, password: DEMO_TEACHER, email: 'demoteacher@wordbee.local', isTeacher: true });
  const [teacherRow] = await deps.db.select({ id: users.id }).from(users).where(eq(users.usernameKey, DEMO_TEACHER));
  const { token } = await deps.tokens.issue(teacherRow!.id);
  const teacher = await authenticate(deps, token);
  await addClass(deps, teacher, {
    className: DEMO_CLASS,
    schoolID: 'ES',
    pressID: 'PEP',
    students: `${DEMO_STUDENT}, Adam, Juliet, Lily`,
    tbTaskType: 'PA+SB',
    spellingTimeoutSec: 15,
    taskDueDays: 7,
  });
  await signup(deps, {
    username: DEMO_STUDENT,
    password: DEMO_STUDENT,
    email: 'demostudent@wordbee.local',
    isTeacher: false,
    teachername: DEMO_TEACHER,
    classname: DEMO_CLASS,
  });
  for (const task of DEMO_TASKS) await assignTask(deps, teacher, { className: DEMO_CLASS, ...task });
  deps.log.info('seeded the demo teacher, student, class and tasks');
}
