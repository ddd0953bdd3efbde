/** The -Class form: a 'Class list ...' dropdown and '-Class' (spec screen 8). */
import { useRefusal } from '../../ui/serverMessages';
import { useState, type FormEvent } from 'react';
import { graphql, useMutation } from 'react-relay';
import { classNameSchema } from '../../../server/classes/schemas';
import { StatusLine, type Status } from '../../ui/StatusLine';
import { clearSelectedClass } from './classStorage';
import { T, useT } from '../../i18n';
import type { DeleteClassFormMutation } from './__generated__/DeleteClassFormMutation.graphql';

export function DeleteClassForm({ classes, connectionId }: { classes: readonly { id: string; name: string }[]; connectionId: string }) {
  const [className, setClassName] = useState('');
  const [status, setStatus] = useState<Status>(null);
  const { t } = useT();
  const refusal = useRefusal();
  const [commit, inFlight] = useMutation<DeleteClassFormMutation>(graphql`
    mutation DeleteClassFormMutation($input: ClassNameInput!, $connections: [ID!]!) {
      deleteClass(input: $input) {
        __typename
        ... on DeleteClassPayload {
          className
          deletedClassId @deleteEdge(connections: $connections)
        }
        ... on ValidationError {
          message
        }
        ... on NotFoundError {
          message
        }
        ... on ForbiddenError {
          message
        }
      }
    }
  `);
  const submit = (event: FormEvent) => {
    event.preventDefault();
    const parsed = classNameSchema.safeParse({ className });
    if (!parsed.success) {
      setStatus({ text: parsed.error.issues[0]!.message, tone: 'error' });
      return;
    }
    if (!window.confirm(t('classes.deleteConfirm', { name: className }))) return;
    commit({
      variables: { input: parsed.data, connections: [connectionId] },
      onCompleted: ({ deleteClass }) => {
        if (deleteClass.__typename === 'DeleteClassPayload') {
          sessionStorage.removeItem('classList');
          if (sessionStorage.getItem('selectedClassname') === deleteClass.className) clearSelectedClass();
          setClassName('');
          setStatus({ text: t('classes.deleted', { name: deleteClass.className }), tone: 'success' });
        } else {
          setStatus(refusal.of(deleteClass, 'classes.deleteFailed'));
        }
      },
      onError: (error) => setStatus(refusal.failed(error)),
    });
  };
  return (
    <section className="card panel-form" aria-label={t('classes.deleteButton')}>
      <h2>
        <T k="classes.deleteButton" />
      </h2>
      <form onSubmit={submit} className="inline-form">
        <select name="className" aria-label={t('classes.classList')} value={className} onChange={(e) => setClassName(e.target.value)}>
          <option value="">{t('classes.classList')}</option>
          {classes.map((c) => (
            <option key={c.id} value={c.name}>
              {c.name}
            </option>
          ))}
        </select>
        <button type="submit" className="button danger" disabled={inFlight}>
          <T k="classes.deleteButton" />
        </button>
      </form>
      <StatusLine status={status} />
    </section>
  );
}
