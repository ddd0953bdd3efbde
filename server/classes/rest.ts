/** Spec section 7: the /userclasses calls. Replies keep the spec's shapes. */
import type { RestRouter } from '../http/rest.ts';
import { addClass, checkActingUser, deleteClass, listClasses, listPressOptions, selectClass } from './service.ts';
import { requireTeacher } from '../access.ts';

export function registerClassRoutes(router: RestRouter): void {
  router.on('GET', '/userclasses', async (r) => {
    const classes = await listClasses(r.deps, await r.viewer());
    return {
      json: classes.map((c) => ({
        className: c.name,
        schoolID: c.schoolId,
        pressID: c.pressId,
        students: c.students.join(', '),
        tbTaskType: c.tbTaskType,
        spellingTimeoutSec: c.spellingTimeoutSec,
        taskDueDays: c.taskDueDays,
        fmBatchSize: c.fmBatchSize,
      })),
    };
  });

  router.on('GET', '/userclasses/pressoptions', async (r) => {
    requireTeacher(await r.viewer());
    return { json: (await listPressOptions(r.deps)).map(({ schoolID, pressID }) => ({ schoolID, pressID })) };
  });

  // Reply: the text 'success', or a message.
  router.on(
    'POST',
    '/userclasses/addclass',
    async (r) => {
      const viewer = await r.viewer();
      const body = await r.body();
      checkActingUser(viewer, body);
      await addClass(r.deps, viewer, body);
      return { text: 'success' };
    },
    { errors: 'text' },
  );

  // Reply: the class name on success, else a message.
  router.on(
    'POST',
    '/userclasses/deleteclass',
    async (r) => {
      const viewer = await r.viewer();
      const body = await r.body();
      checkActingUser(viewer, body);
      return { text: (await deleteClass(r.deps, viewer, body)).name };
    },
    { errors: 'text' },
  );

  // Reply: {info} on a problem, else the class's task settings.
  router.on('POST', '/userclasses/selectclass', async (r) => {
    const viewer = await r.viewer();
    const body = await r.body();
    checkActingUser(viewer, body);
    const { id: _id, ...settings } = await selectClass(r.deps, viewer, body);
    return { json: settings };
  });
}
