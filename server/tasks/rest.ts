/** Spec section 7: the /usertasks and /userprofiles calls. */
import type { RestRouter } from '../http/rest.ts';
import { checkActingUser } from '../classes/service.ts';
import { ValidationError } from '../errors.ts';
import { assignTask, listTasks, removeTask, taskContent, type Assigned, type ChangedTask } from './service.ts';
import { PROFILE_UNIT } from '../textbooks/service.ts';

/** The spec's JSON names of a task call's fields, and the service's names for them. */
const DOMAIN_NAMES = { bookUnitID: 'bookUnitId', TPID: 'assignmentId', Type: 'type' } as const;

/**
 * A task call's body with the spec's field names turned into the service's. Only the spec's
 * spelling counts (a body giving `bookUnitId` instead gets "bookUnitID is required", as before);
 * anything but a JSON object goes through as it is, for the service to refuse.
 */
function inDomainNames(body: unknown): unknown {
  if (typeof body !== 'object' || body === null || Array.isArray(body)) return body;
  const domainNames: readonly string[] = Object.values(DOMAIN_NAMES);
  return Object.fromEntries(
    Object.entries(body)
      .filter(([key]) => !domainNames.includes(key))
      .map(([key, value]) => [Object.hasOwn(DOMAIN_NAMES, key) ? DOMAIN_NAMES[key as keyof typeof DOMAIN_NAMES] : key, value]),
  );
}

export function registerTaskRoutes(router: RestRouter): void {
  // Reply: the task rows, then {tokenExpAt} as the last element.
  router.on('GET', '/usertasks', async (r) => {
    const viewer = await r.viewer();
    const rows = await listTasks(r.deps, viewer);
    return {
      json: [
        ...rows.map((t) => ({ student: t.student, bookUnitID: t.bookUnitId, TPID: t.assignmentId, Type: t.type, dueBy: t.dueBy.toISOString() })),
        { tokenExpAt: viewer.tokenExpiresAt },
      ],
    };
  });

  // Reply: [label, items…] — SB 'word -- sentence', FM card objects, PA one 'w1, w2, …' string.
  router.on('GET', '/usertasks/:taskId', async (r) => {
    const content = await taskContent(r.deps, await r.viewer(), r.params.taskId ?? '');
    if (content.type === 'SB') return { json: [content.label, ...content.words.map((w) => `${w.text} -- ${w.sentences[0] ?? ''}`)] };
    if (content.type === 'PA') return { json: [content.label, content.words.map((w) => w.text).join(', ')] };
    return {
      json: [
        content.label,
        ...content.words.map((w) => ({
          word: w.text,
          partOfSpeech: w.partOfSpeech,
          phonetic: w.phonetic,
          definition: w.definition,
          sentences: w.sentences,
          avatar: w.picture,
        })),
      ],
    };
  });

  router.on(
    'POST',
    '/usertasks/removetask',
    async (r) => {
      const viewer = await r.viewer();
      const body = await r.body();
      checkActingUser(viewer, body);
      return { text: removedText(await removeTask(r.deps, viewer, inDomainNames(body))) };
    },
    { errors: 'text' },
  );

  // Reply: text containing 'success', otherwise the message.
  router.on(
    'POST',
    '/usertasks/assigntask',
    async (r) => {
      const viewer = await r.viewer();
      const body = await r.body();
      checkActingUser(viewer, body);
      return { text: assignedText(await assignTask(r.deps, viewer, inDomainNames(body))) };
    },
    { errors: 'text' },
  );

  // The profile-based FM task of a level source (unit 'R').
  router.on(
    'POST',
    '/userprofiles/assigntask',
    async (r) => {
      const viewer = await r.viewer();
      const body = (await r.body()) as Record<string, unknown>;
      checkActingUser(viewer, body);
      const unit = typeof body?.bookUnitID === 'string' ? body.bookUnitID.split('-')[1] : undefined;
      if (unit !== PROFILE_UNIT) throw new ValidationError(`This call assigns unit ${PROFILE_UNIT} tasks; use /usertasks/assigntask for other units`);
      return { text: assignedText(await assignTask(r.deps, viewer, { ...(inDomainNames(body) as object), type: 'FM' })) };
    },
    { errors: 'text' },
  );
}

/**
 * The reply of an assignment: 'success: ', then one sentence per kind assigned, naming the
 * assignment by the spec's TPID. GraphQL's `info` says the same.
 */
export function assignedText(assigned: Assigned[]): string {
  const lines = assigned.map(({ type, bookId, unitId, assignmentId, className, students, alreadyOpen }) => {
    const s = students === 1 ? '' : 's';
    return alreadyOpen
      ? `${type} ${bookId}-${unitId} is already assigned (TPID ${assignmentId}); ${students} new student${s} added`
      : `${type} ${bookId}-${unitId} assigned to ${students} student${s} of ${className} (TPID ${assignmentId})`;
  });
  return `success: ${lines.join('; ')}`;
}

/** The reply of removing a task (GraphQL's `info` says the same). */
export const removedText = (t: ChangedTask): string => `Removed ${t.type} ${t.bookId}-${t.unitId} of ${t.student}`;

/** What restoring a task says (GraphQL's `info`). */
export const restoredText = (t: ChangedTask): string => `success: ${t.type} ${t.bookId}-${t.unitId} of ${t.student} is back`;
