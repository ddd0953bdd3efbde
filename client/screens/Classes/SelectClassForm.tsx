/** SelectClass: a class dropdown and 'selectClass'; stores the class and its settings (spec section 4). */
import { useRefusal } from '../../ui/serverMessages';
import { useState, type FormEvent } from 'react';
import { graphql, useMutation } from 'react-relay/hooks';
import { classNameSchema } from '../../../server/classes/schemas';
import type { Status } from '../../ui/StatusLine';
import { ClassChoiceForm } from './ClassChoiceForm';
import { storeSelectedClass } from './classStorage';
import { useT } from '../../i18n';
import { useStoredValue } from '../../session';
import type { SelectClassFormMutation } from './__generated__/SelectClassFormMutation.graphql';

export function SelectClassForm({ classes }: { classes: readonly { id: string; name: string }[] }) {
  const [className, setClassName] = useState(sessionStorage.getItem('selectedClassname') ?? '');
  const [status, setStatus] = useState<(NonNullable<Status> & { className?: string }) | null>(null);
  const { t } = useT();
  const refusal = useRefusal();
  // A 'selected' message belongs to the class still selected: gone once that class is deleted.
  const selected = useStoredValue('selectedClassname');
  const shown = status?.className !== undefined && status.className !== selected ? null : status;
  const [commit, inFlight] = useMutation<SelectClassFormMutation>(graphql`
    mutation SelectClassFormMutation($input: ClassNameInput!) {
      selectClass(input: $input) {
        __typename
        ... on ClassPayload {
          class {
            id
            name
            schoolLevel
            pressId
            textbookTaskType
            spellingTimeoutSec
            taskDueDays
          }
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
    const chosen = classes.find((c) => c.name === parsed.data.className);
    // The class goes by its id; a name no longer listed gets the server's own refusal.
    if (!chosen) return setStatus(refusal.of({ __typename: 'NotFoundError', message: 'Class not found' }, 'classes.selectFailed'));
    commit({
      variables: { input: { classId: chosen.id } },
      onCompleted: ({ selectClass }) => {
        if (selectClass.__typename === 'ClassPayload') {
          storeSelectedClass(selectClass.class);
          setStatus({ text: t('classes.selectedNow', { name: selectClass.class.name }), tone: 'success', className: selectClass.class.name });
        } else {
          setStatus(refusal.of(selectClass, 'classes.selectFailed'));
        }
      },
      onError: (error) => setStatus(refusal.failed(error)),
    });
  };
  return (
    <ClassChoiceForm
      action="classes.selectButton"
      listLabel="classes.classToWorkWith"
      classes={classes}
      value={className}
      onValue={setClassName}
      onSubmit={submit}
      busy={inFlight}
      tone="primary"
      status={shown}
    />
  );
}
