/**
 * The whole WordBee data model, described once. Migrations in db/migrations are generated
 * from this file (`npm run db:generate`) and applied at start on PGlite and PostgreSQL alike.
 *
 * Vocabulary of the spec kept at the edges: a task row's TPID is `assignments.id`, its
 * bookUnitID is `{bookId}-{unitId}` and its Type is `assignments.type`.
 */
import { sql } from 'drizzle-orm';
import {
  bigint,
  boolean,
  customType,
  foreignKey,
  index,
  integer,
  jsonb,
  pgTable,
  primaryKey,
  real,
  serial,
  smallint,
  text,
  timestamp,
  uniqueIndex,
  type AnyPgColumn,
} from 'drizzle-orm/pg-core';

const bytea = customType<{ data: Uint8Array; driverData: Uint8Array }>({
  dataType: () => 'bytea',
});

const createdAt = () => timestamp('created_at', { withTimezone: true }).notNull().defaultNow();

/**
 * The columns every durable outbox has (server/outbox.ts claims, leases and retries by them):
 * `status` pending | sending | sent | failed (or the table's own final status), the attempts so
 * far, when the next may start (or when the claim was made), the last error, when it was done.
 */
const outboxColumns = () => ({
  status: text('status').notNull().default('pending'),
  attempts: integer('attempts').notNull().default(0),
  nextAttemptAt: timestamp('next_attempt_at', { withTimezone: true }).notNull().defaultNow(),
  lastError: text('last_error'),
  sentAt: timestamp('sent_at', { withTimezone: true }),
  createdAt: createdAt(),
});

/** Levels of the curriculum word lists (spec: FC, ES, MS, HM, HSM). */
export const LEVELS = ['FC', 'ES', 'MS', 'HM', 'HSM'] as const;
export type Level = (typeof LEVELS)[number];

/** Task kinds (spec section 1). */
export const TASK_TYPES = ['SB', 'FM', 'PA'] as const;
export type TaskType = (typeof TASK_TYPES)[number];

// ---------------------------------------------------------------- accounts and classes

export const users = pgTable(
  'users',
  {
    id: serial('id').primaryKey(),
    /** As typed at signup; `usernameKey` (lower case) is what makes it unique. */
    username: text('username').notNull(),
    usernameKey: text('username_key').notNull(),
    email: text('email').notNull(),
    passwordHash: text('password_hash').notNull(),
    isTeacher: boolean('is_teacher').notNull(),
    /**
     * A student's teacher (the teachername given at signup); null for teachers, and for a student
     * whose teacher deleted their account (the student's own account and memory stay theirs).
     */
    teacherId: integer('teacher_id').references((): AnyPgColumn => users.id, { onDelete: 'set null' }),
    /** A teacher gets each student's report by e-mail (they can turn it off; the Reports list keeps them). */
    reportMail: boolean('report_mail').notNull().default(true),
    /** Teachers: one e-mail a day summing up their students' finished tasks (server/reports/digest.ts). */
    reportDigest: boolean('report_digest').notNull().default(false),
    /** Teachers: the class they selected last (SelectClass), selected again at their next login. */
    selectedClassId: integer('selected_class_id').references((): AnyPgColumn => classes.id, { onDelete: 'set null' }),
    /**
     * Carried in every access token (claim `ver`) and compared at every call: changing the
     * password or logging out everywhere adds one, which ends every token issued before.
     */
    tokenVersion: integer('token_version').notNull().default(0),
    /**
     * The login (sid) that changed the password last and went on with the new version; null
     * after logging out everywhere. An instance rechecking its open live connections keeps this
     * login's older sockets open, as the password change's own event did.
     */
    keptSid: text('kept_sid'),
    createdAt: createdAt(),
  },
  (t) => [uniqueIndex('users_username_key').on(t.usernameKey), index('users_teacher_idx').on(t.teacherId)],
);

export const classes = pgTable(
  'classes',
  {
    id: serial('id').primaryKey(),
    teacherId: integer('teacher_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    name: text('name').notNull(),
    nameKey: text('name_key').notNull(),
    /** K-12, ES, MS or HS. */
    schoolId: text('school_id').notNull(),
    pressId: text('press_id').notNull(),
    /** PA+SB, PA or SB: what a click on a textbook unit assigns. */
    tbTaskType: text('tb_task_type').notNull().default('PA+SB'),
    spellingTimeoutSec: smallint('spelling_timeout_sec').notNull().default(15),
    taskDueDays: smallint('task_due_days').notNull().default(7),
    /** Words per Flashcard Master batch drawn from the memory model. */
    fmBatchSize: smallint('fm_batch_size').notNull().default(10),
    /**
     * A student whose name is not on the roster may still join at signup (under their username);
     * off, every student claims a name the teacher listed.
     */
    joinWithoutRoster: boolean('join_without_roster').notNull().default(true),
    createdAt: createdAt(),
  },
  (t) => [uniqueIndex('classes_teacher_name_key').on(t.teacherId, t.nameKey)],
);

/**
 * The roster: the student names a class lists. A name may be listed before its student signs
 * up; `userId` links it once they do. Task rows hang off roster entries, so a student who
 * signs up later finds the class's open tasks waiting.
 */
export const rosterEntries = pgTable(
  'roster_entries',
  {
    id: serial('id').primaryKey(),
    classId: integer('class_id')
      .notNull()
      .references(() => classes.id, { onDelete: 'cascade' }),
    studentName: text('student_name').notNull(),
    studentKey: text('student_key').notNull(),
    /** A deleted account takes its roster entry, and with it its tasks and answers. */
    userId: integer('user_id').references(() => users.id, { onDelete: 'cascade' }),
    createdAt: createdAt(),
  },
  (t) => [
    uniqueIndex('roster_class_student_key').on(t.classId, t.studentKey),
    index('roster_user_idx').on(t.userId),
    index('roster_student_key_idx').on(t.studentKey),
  ],
);

/** The {schoolID, pressID} pairs a class can choose from (spec: Press option). */
export const pressOptions = pgTable(
  'press_options',
  {
    schoolId: text('school_id').notNull(),
    pressId: text('press_id').notNull(),
    title: text('title').notNull().default(''),
  },
  (t) => [primaryKey({ columns: [t.schoolId, t.pressId] })],
);

// ---------------------------------------------------------------- content

/** Headwords and multi-word items, each with its word card. */
export const words = pgTable(
  'words',
  {
    id: serial('id').primaryKey(),
    text: text('text').notNull(),
    textKey: text('text_key').notNull(),
    partOfSpeech: text('part_of_speech').notNull().default(''),
    /** IPA, e.g. /ˈæp.əl/. */
    phonetic: text('phonetic').notNull().default(''),
    definition: text('definition').notNull().default(''),
    sentences: jsonb('sentences')
      .$type<string[]>()
      .notNull()
      .default(sql`'[]'::jsonb`),
    /** Picture file under /avatars, when the word has one. */
    picture: text('picture'),
  },
  (t) => [uniqueIndex('words_text_key').on(t.textKey)],
);

/** The curriculum word list of each level, in teaching order. */
export const levelWords = pgTable(
  'level_words',
  {
    level: text('level').$type<Level>().notNull(),
    wordId: integer('word_id')
      .notNull()
      .references(() => words.id, { onDelete: 'cascade' }),
    rank: integer('rank').notNull(),
  },
  (t) => [primaryKey({ columns: [t.level, t.wordId] }), index('level_words_rank_idx').on(t.level, t.rank)],
);

/**
 * Books: the National standards book, the level sources (unit 'R'), press textbooks and a
 * school's own imported books (`ownerTeacherId`).
 */
export const books = pgTable(
  'books',
  {
    id: text('id').primaryKey(),
    title: text('title').notNull(),
    /** national | source | press | school */
    kind: text('kind').notNull(),
    level: text('level').$type<Level>(),
    schoolId: text('school_id'),
    pressId: text('press_id'),
    firstUnit: text('first_unit').notNull(),
    lastUnit: text('last_unit').notNull(),
    ownerTeacherId: integer('owner_teacher_id').references(() => users.id, { onDelete: 'cascade' }),
    sortOrder: integer('sort_order').notNull().default(0),
  },
  (t) => [index('books_press_idx').on(t.schoolId, t.pressId)],
);

export const units = pgTable(
  'units',
  {
    bookId: text('book_id')
      .notNull()
      .references(() => books.id, { onDelete: 'cascade' }),
    unitId: text('unit_id').notNull(),
    ordinal: integer('ordinal').notNull(),
    title: text('title').notNull().default(''),
  },
  (t) => [primaryKey({ columns: [t.bookId, t.unitId] }), uniqueIndex('units_book_ordinal_key').on(t.bookId, t.ordinal)],
);

export const unitWords = pgTable(
  'unit_words',
  {
    bookId: text('book_id').notNull(),
    unitId: text('unit_id').notNull(),
    position: integer('position').notNull(),
    wordId: integer('word_id')
      .notNull()
      .references(() => words.id, { onDelete: 'cascade' }),
  },
  (t) => [
    primaryKey({ columns: [t.bookId, t.unitId, t.position] }),
    index('unit_words_word_idx').on(t.wordId),
    // A deleted book (e.g. with its teacher) takes its units' word lists with it.
    foreignKey({ name: 'unit_words_unit_fk', columns: [t.bookId, t.unitId], foreignColumns: [units.bookId, units.unitId] }).onDelete('cascade'),
  ],
);

// ---------------------------------------------------------------- tasks and results

/**
 * One teacher action that created task rows for a class (the spec's TPID), or the shared
 * assignment that automatic next tasks of the same class, unit and kind join.
 */
export const assignments = pgTable(
  'assignments',
  {
    id: serial('id').primaryKey(),
    classId: integer('class_id')
      .notNull()
      .references(() => classes.id, { onDelete: 'cascade' }),
    /** A deleted book (a teacher's own, with its teacher) takes its assignments with it. */
    bookId: text('book_id')
      .notNull()
      .references(() => books.id, { onDelete: 'cascade' }),
    unitId: text('unit_id').notNull(),
    type: text('type').$type<TaskType>().notNull(),
    /** teacher | auto */
    origin: text('origin').notNull().default('teacher'),
    dueDays: smallint('due_days').notNull(),
    createdAt: createdAt(),
  },
  (t) => [
    index('assignments_class_unit_idx').on(t.classId, t.bookId, t.unitId, t.type),
    // Classmates reaching the same unit share one automatic assignment: the constraint decides
    // who makes it (insert … on conflict), so nobody waits on a class-wide lock. A memory-model
    // batch (unit 'R') is personal: every batch is its own assignment.
    uniqueIndex('assignments_auto_unit_key')
      .on(t.classId, t.bookId, t.unitId, t.type)
      .where(sql`origin = 'auto' and unit_id <> 'R'`),
  ],
);

export const taskRows = pgTable(
  'task_rows',
  {
    id: serial('id').primaryKey(),
    assignmentId: integer('assignment_id')
      .notNull()
      .references(() => assignments.id, { onDelete: 'cascade' }),
    rosterEntryId: integer('roster_entry_id')
      .notNull()
      .references(() => rosterEntries.id, { onDelete: 'cascade' }),
    /** open | done | removed */
    status: text('status').notNull().default('open'),
    dueAt: timestamp('due_at', { withTimezone: true }).notNull(),
    /** The words of a memory-model batch (FM unit 'R'), fixed when the task is first opened. */
    words: jsonb('words').$type<string[]>(),
    createdAt: createdAt(),
    finishedAt: timestamp('finished_at', { withTimezone: true }),
  },
  (t) => [
    uniqueIndex('task_rows_assignment_student_key').on(t.assignmentId, t.rosterEntryId),
    index('task_rows_student_status_idx').on(t.rosterEntryId, t.status),
  ],
);

/** Each answer as it is given (the rows of the spec's sbArr). */
export const answers = pgTable(
  'answers',
  {
    id: bigint('id', { mode: 'number' }).primaryKey().generatedAlwaysAsIdentity(),
    taskRowId: integer('task_row_id')
      .notNull()
      .references(() => taskRows.id, { onDelete: 'cascade' }),
    position: integer('position').notNull(),
    word: text('word').notNull(),
    typed: text('typed').notNull(),
    /** v | x | canceled | timeout:{s}s | skipped */
    status: text('status').notNull(),
    answeredAt: timestamp('answered_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    uniqueIndex('answers_task_position_key').on(t.taskRowId, t.position),
    // The live view's catch-up reads the last day's answers: without it, every answer of the term.
    index('answers_answered_at_idx').on(t.answeredAt),
  ],
);

/** A finished task. One per task row: posting the same result twice stores it once. */
export const results = pgTable(
  'results',
  {
    id: serial('id').primaryKey(),
    taskRowId: integer('task_row_id')
      .notNull()
      .references(() => taskRows.id, { onDelete: 'cascade' }),
    userId: integer('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    score: smallint('score').notNull(),
    correct: integer('correct').notNull(),
    total: integer('total').notNull(),
    /** The posted sbArr, or the structured PA result. */
    detail: jsonb('detail').notNull(),
    /** This result finished the last unit of its book: no next task came (spec: auto next task). */
    finishedBook: boolean('finished_book').notNull().default(false),
    createdAt: createdAt(),
  },
  (t) => [
    uniqueIndex('results_task_row_key').on(t.taskRowId),
    index('results_user_idx').on(t.userId, t.createdAt),
    // The live view's catch-up reads the last day's finished tasks.
    index('results_created_at_idx').on(t.createdAt),
  ],
);

/** Pronunciation scores per word of a PA result; phones with their scores inside. */
export const pronunciationWords = pgTable(
  'pronunciation_words',
  {
    resultId: integer('result_id')
      .notNull()
      .references(() => results.id, { onDelete: 'cascade' }),
    position: integer('position').notNull(),
    word: text('word').notNull(),
    score: smallint('score').notNull(),
    heard: boolean('heard').notNull(),
    /** none | mispronounced | omitted */
    error: text('error').notNull(),
    startSec: real('start_sec'),
    endSec: real('end_sec'),
    phones: jsonb('phones').$type<{ phone: string; score: number }[]>().notNull(),
  },
  (t) => [primaryKey({ columns: [t.resultId, t.position] })],
);

/**
 * Recordings uploaded for PA tasks, kept with their result. The audio itself is in storage
 * (server/storage/blobs.ts) under `blobKey` (`recordings/{id}`); no foreign key reaches it, so
 * whoever deletes rows here deletes the blob too, and the report-expiry worker sweeps up
 * blobs whose row went with a cascade (server/results/recordings.ts).
 */
export const recordings = pgTable(
  'recordings',
  {
    id: serial('id').primaryKey(),
    taskRowId: integer('task_row_id').references(() => taskRows.id, { onDelete: 'cascade' }),
    userId: integer('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    mimeType: text('mime_type').notNull(),
    sizeBytes: integer('size_bytes').notNull(),
    blobKey: text('blob_key').notNull(),
    createdAt: createdAt(),
  },
  (t) => [uniqueIndex('recordings_blob_key_key').on(t.blobKey), index('recordings_task_row_idx').on(t.taskRowId)],
);

/** Per student and word: the FSRS memory state (ts-fsrs Card fields). */
export const wordMemory = pgTable(
  'word_memory',
  {
    userId: integer('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    wordId: integer('word_id')
      .notNull()
      .references(() => words.id, { onDelete: 'cascade' }),
    due: timestamp('due', { withTimezone: true }).notNull(),
    stability: real('stability').notNull(),
    difficulty: real('difficulty').notNull(),
    elapsedDays: integer('elapsed_days').notNull(),
    scheduledDays: integer('scheduled_days').notNull(),
    learningSteps: integer('learning_steps').notNull().default(0),
    reps: integer('reps').notNull(),
    lapses: integer('lapses').notNull(),
    state: smallint('state').notNull(),
    lastReview: timestamp('last_review', { withTimezone: true }),
  },
  (t) => [primaryKey({ columns: [t.userId, t.wordId] }), index('word_memory_due_idx').on(t.userId, t.due)],
);

/**
 * Vocabulary measure (DESIGN): a word counts as passed once the student spelled it correctly
 * in a National standards SB task. Levels come from level_words.
 */
export const vocabularyPasses = pgTable(
  'vocabulary_passes',
  {
    userId: integer('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    wordId: integer('word_id')
      .notNull()
      .references(() => words.id, { onDelete: 'cascade' }),
    firstPassedAt: timestamp('first_passed_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [primaryKey({ columns: [t.userId, t.wordId] })],
);

// ---------------------------------------------------------------- reports and mail

export const reports = pgTable(
  'reports',
  {
    id: serial('id').primaryKey(),
    resultId: integer('result_id')
      .notNull()
      .references(() => results.id, { onDelete: 'cascade' }),
    fileName: text('file_name').notNull(),
    /** The PDF itself in rows made before the storage interface; newer ones keep it in storage under `reports/{fileName}`. */
    pdf: bytea('pdf'),
    createdAt: createdAt(),
    expireAt: timestamp('expire_at', { withTimezone: true }).notNull(),
  },
  (t) => [uniqueIndex('reports_file_name_key').on(t.fileName), uniqueIndex('reports_result_key').on(t.resultId), index('reports_expire_idx').on(t.expireAt)],
);

/**
 * Durable outbox: a message is written in the same transaction as what caused it and sent by
 * a background worker with retries; `dedupeKey` keeps one message per cause.
 */
export const mailOutbox = pgTable(
  'mail_outbox',
  {
    id: serial('id').primaryKey(),
    dedupeKey: text('dedupe_key').notNull(),
    toAddress: text('to_address').notNull(),
    subject: text('subject').notNull(),
    textBody: text('text_body').notNull(),
    reportId: integer('report_id').references(() => reports.id, { onDelete: 'set null' }),
    /** `status` may also end as refused (the address check said no; never sent). */
    ...outboxColumns(),
  },
  (t) => [uniqueIndex('mail_outbox_dedupe_key').on(t.dedupeKey), index('mail_outbox_due_idx').on(t.status, t.nextAttemptAt)],
);

/**
 * Durable jobs done after the transaction that wrote them (server/jobs/queue.ts): a result's
 * report (PDF, its e-mails and the report.ready webhook). Claimed, leased and retried like the
 * mail outbox; a job is done exactly once because what it writes is keyed (one report per
 * result). Goes with its result.
 */
export const jobs = pgTable(
  'jobs',
  {
    id: serial('id').primaryKey(),
    /** report */
    kind: text('kind').notNull(),
    dedupeKey: text('dedupe_key').notNull(),
    resultId: integer('result_id').references(() => results.id, { onDelete: 'cascade' }),
    payload: jsonb('payload').notNull(),
    ...outboxColumns(),
  },
  (t) => [uniqueIndex('jobs_dedupe_key').on(t.dedupeKey), index('jobs_due_idx').on(t.status, t.nextAttemptAt), index('jobs_result_idx').on(t.resultId)],
);

/**
 * Recordings waiting to be scored by whichever process takes scoring jobs (PA_SCORING=jobs:
 * server/speech/pa/scoring-jobs.ts). The web instance that received the upload writes the row,
 * waits for its `result` (or `error`) and deletes it; a row nobody waits for any more is swept.
 * Claimed, leased and retried like the other outboxes, so a worker killed while scoring is
 * replaced by another after the lease.
 */
export const scoringJobs = pgTable(
  'scoring_jobs',
  {
    id: serial('id').primaryKey(),
    audio: bytea('audio').notNull(),
    /** What the engine is asked: `{ text, rejectSilence?, pacedItems? }` (ScoringJob without the audio). */
    request: jsonb('request').notNull(),
    /** The PaResult, once scored. */
    result: jsonb('result'),
    /** Why it could not be scored; `inputError`: the recording's fault (a message for the student). */
    error: text('error'),
    inputError: boolean('input_error').notNull().default(false),
    /** The process that scored it (host:pid), for the operator. */
    scoredBy: text('scored_by'),
    ...outboxColumns(),
  },
  (t) => [index('scoring_jobs_due_idx').on(t.status, t.nextAttemptAt), index('scoring_jobs_created_idx').on(t.createdAt)],
);

// ---------------------------------------------------------------- integrations

/**
 * Integration tokens: a teacher lets another school system use the GraphQL API for some of
 * their classes with some scopes. Only a SHA-256 hash of the token is kept (it is shown once).
 */
export const integrationTokens = pgTable(
  'integration_tokens',
  {
    id: serial('id').primaryKey(),
    teacherId: integer('teacher_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    name: text('name').notNull(),
    tokenHash: text('token_hash').notNull(),
    /** The first characters of the token, so a teacher can tell tokens apart. */
    tokenPrefix: text('token_prefix').notNull(),
    scopes: jsonb('scopes').$type<string[]>().notNull(),
    classIds: jsonb('class_ids').$type<number[]>().notNull(),
    createdAt: createdAt(),
    lastUsedAt: timestamp('last_used_at', { withTimezone: true }),
    revokedAt: timestamp('revoked_at', { withTimezone: true }),
  },
  (t) => [uniqueIndex('integration_tokens_hash_key').on(t.tokenHash), index('integration_tokens_teacher_idx').on(t.teacherId)],
);

/** A URL told about a class's events ('task.finished', 'report.ready'), signed with its secret. */
export const webhooks = pgTable(
  'webhooks',
  {
    id: serial('id').primaryKey(),
    teacherId: integer('teacher_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    classId: integer('class_id')
      .notNull()
      .references(() => classes.id, { onDelete: 'cascade' }),
    url: text('url').notNull(),
    events: jsonb('events').$type<string[]>().notNull(),
    /** The HMAC-SHA256 key of its signatures (shown once, kept to sign). */
    secret: text('secret').notNull(),
    createdAt: createdAt(),
    deletedAt: timestamp('deleted_at', { withTimezone: true }),
  },
  (t) => [index('webhooks_class_idx').on(t.classId)],
);

/**
 * Durable queue of webhook deliveries, written in the same transaction as the event and sent
 * by a background worker with retries (the same claiming as the mail outbox).
 */
export const webhookDeliveries = pgTable(
  'webhook_deliveries',
  {
    id: serial('id').primaryKey(),
    webhookId: integer('webhook_id')
      .notNull()
      .references(() => webhooks.id, { onDelete: 'cascade' }),
    dedupeKey: text('dedupe_key').notNull(),
    event: text('event').notNull(),
    payload: jsonb('payload').notNull(),
    /** `status` may also end as refused (the address check said no; never sent). */
    ...outboxColumns(),
    responseStatus: integer('response_status'),
  },
  (t) => [
    uniqueIndex('webhook_deliveries_dedupe_key').on(t.dedupeKey),
    index('webhook_deliveries_due_idx').on(t.status, t.nextAttemptAt),
    index('webhook_deliveries_hook_idx').on(t.webhookId, t.createdAt),
  ],
);

// ---------------------------------------------------------------- bookkeeping

/** Small facts about the installation, e.g. which content pack version is loaded. */
export const appState = pgTable('app_state', {
  key: text('key').primaryKey(),
  value: text('value').notNull(),
  updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
});

/**
 * Logins ended one by one (logout): the login's `sid` claim, shared by its renewed tokens, until
 * the last of them would have expired anyway; the call that loads the viewer checks it.
 */
export const endedLogins = pgTable(
  'ended_logins',
  {
    sid: text('sid').primaryKey(),
    userId: integer('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    expiresAt: timestamp('expires_at', { withTimezone: true }).notNull(),
  },
  (t) => [index('ended_logins_expires_idx').on(t.expiresAt)],
);

/**
 * Failed logins per account (`account:{usernameKey}`) and per address (`address:{ip}`), kept in
 * the database so every instance sees the same counts and a lock survives a restart
 * (server/users/throttle.ts).
 */
export const loginFailures = pgTable('login_failures', {
  key: text('key').primaryKey(),
  failures: integer('failures').notNull(),
  lastFailureAt: timestamp('last_failure_at', { withTimezone: true }).notNull(),
  lockedUntil: timestamp('locked_until', { withTimezone: true }),
});

/**
 * Which instance runs a background job (the mail outbox, report expiry) until when: several
 * instances share the database and exactly one holds a job's lease at a time
 * (server/jobs/lease.ts).
 */
export const workerLeases = pgTable('worker_leases', {
  name: text('name').primaryKey(),
  holder: text('holder').notNull(),
  expiresAt: timestamp('expires_at', { withTimezone: true }).notNull(),
});

/**
 * Stored files (report PDFs, uploads) when the storage is PostgreSQL, the default
 * (server/storage/blobs.ts; an S3-compatible bucket is the other implementation).
 */
export const blobs = pgTable('blobs', {
  key: text('key').primaryKey(),
  contentType: text('content_type').notNull(),
  bytes: bytea('bytes').notNull(),
  createdAt: createdAt(),
});
