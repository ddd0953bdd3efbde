/** The -Class form: a 'Class list ...' dropdown and '-Class' (spec screen 8). */
import { useRefusal } from '../../ui/serverMessages';
import { useState, type FormEvent } from 'react';
import { graphql, useMutation } from 'react-relay/hooks';
import { classNameSchema } from '../../../server/classes/schemas';
import type { Status } from '../../ui/StatusLine';
import { ClassChoiceForm } from './ClassChoiceForm';
import { clearSelectedClass } from './classStorage';
import { useT } from '../../i18n';
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
      setStatus(refusal.invalid(parsed.error.issues[0]!.message));
      return;
    }
    if (!window.confirm(t('classes.deleteConfirm', { name: className }))) return;
    const chosen = classes.find((c) => c.name === parsed.data.className);
    // The class goes by its id; a name no longer listed gets the server's own refusal.
    if (!chosen) return setStatus(refusal.of({ __typename: 'NotFoundError', message: 'Class not found' }, 'classes.deleteFailed'));
    commit({
      variables: { input: { classId: chosen.id }, connections: [connectionId] },
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
    <ClassChoiceForm
      action="classes.deleteButton"
      listLabel="classes.classList"
      classes={classes}
      value={className}
      onValue={setClassName}
      onSubmit={submit}
      busy={inFlight}
      tone="danger"
      status={status}
    />
  );
}
