/** SelectClass: a class dropdown and 'selectClass'; stores the class and its settings (spec section 4). */
import { useState, type FormEvent } from 'react';
import { graphql, useMutation } from 'react-relay';
import { classNameSchema } from '../../../server/classes/schemas';
import { StatusLine, type Status } from '../../ui/StatusLine';
import { storeSelectedClass } from './classStorage';
import type { SelectClassFormMutation } from './__generated__/SelectClassFormMutation.graphql';

export function SelectClassForm({ classes }: { classes: readonly { id: string; name: string }[] }) {
  const [className, setClassName] = useState(sessionStorage.getItem('selectedClassname') ?? '');
  const [status, setStatus] = useState<Status>(null);
  const [commit, inFlight] = useMutation<SelectClassFormMutation>(graphql`
    mutation SelectClassFormMutation($input: ClassNameInput!) {
      selectClass(input: $input) {
        __typename
        ... on ClassPayload {
          class {
            id
            name
            schoolId
            pressId
            tbTaskType
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
      setStatus({ text: parsed.error.issues[0]!.message, tone: 'error' });
      return;
    }
    commit({
      variables: { input: parsed.data },
      onCompleted: ({ selectClass }) => {
        if (selectClass.__typename === 'ClassPayload') {
          storeSelectedClass(selectClass.class);
          setStatus({ text: `${selectClass.class.name} selected: open Textbooks to assign a unit`, tone: 'success' });
        } else {
          setStatus({ text: selectClass.__typename === '%other' ? 'The class could not be selected' : selectClass.message, tone: 'error' });
        }
      },
      onError: (error) => setStatus({ text: error.message, tone: 'error' }),
    });
  };
  return (
    <section className="card panel-form" aria-label="Select a class">
      <h2>SelectClass</h2>
      <form onSubmit={submit} className="inline-form">
        <select name="className" aria-label="Class to work with" value={className} onChange={(e) => setClassName(e.target.value)}>
          <option value="">Class list ...</option>
          {classes.map((c) => (
            <option key={c.id} value={c.name}>
              {c.name}
            </option>
          ))}
        </select>
        <button type="submit" className="button primary" disabled={inFlight}>
          selectClass
        </button>
      </form>
      <StatusLine status={status} />
    </section>
  );
}
