/** A teacher loads their school's own book from a CSV or JSON file (docs/content.md). */
import { useState, type ChangeEvent } from 'react';
import { graphql, useMutation } from 'react-relay';
import { StatusLine, type Status } from '../../ui/StatusLine';
import { T } from '../../i18n';
import type { ImportBookMutation } from './__generated__/ImportBookMutation.graphql';

export function ImportBook({ onImported }: { onImported: () => void }) {
  const [status, setStatus] = useState<Status>(null);
  const [commit, inFlight] = useMutation<ImportBookMutation>(graphql`
    mutation ImportBookMutation($fileName: String!, $content: String!) {
      importTextbook(fileName: $fileName, content: $content) {
        __typename
        ... on ImportTextbookPayload {
          books
          units
          words
          newWords
        }
        ... on ValidationError {
          message
        }
        ... on ForbiddenError {
          message
        }
      }
    }
  `);
  const upload = async (event: ChangeEvent<HTMLInputElement>) => {
    const file = event.target.files?.[0];
    event.target.value = '';
    if (!file) return;
    if (file.size > 2 * 1024 * 1024) {
      setStatus({ text: 'The file is larger than 2 MB', tone: 'error' });
      return;
    }
    setStatus({ text: `Importing ${file.name}…`, tone: 'info' });
    commit({
      variables: { fileName: file.name, content: await file.text() },
      onCompleted: ({ importTextbook: r }) => {
        if (r.__typename === 'ImportTextbookPayload') {
          setStatus({ text: `success: ${r.books} book(s), ${r.units} unit(s), ${r.words} words (${r.newWords} new) imported`, tone: 'success' });
          onImported();
        } else setStatus({ text: r.__typename === '%other' ? 'The file could not be imported' : r.message, tone: 'error' });
      },
      onError: (error) => setStatus({ text: error.message, tone: 'error' }),
    });
  };
  return (
    <details className="import-book">
      <summary>Import your school's own book (CSV or JSON)</summary>
      <p className="hint">
        CSV columns: bookID, bookTitle, schoolID, pressID, unitID, unitTitle, word, partOfSpeech, definition, sentence1, sentence2. Only bookID, unitID and word
        are required for words WordBee knows; new words need a definition and two sentences. Importing the same bookID again replaces its units.
      </p>
      <p className="hint import-example">
        <T k="textbooks.importExample" />{' '}
        <a href="/examples/school-book.csv" download>
          <T k="textbooks.exampleCsv" />
        </a>
        <a href="/examples/school-book.json" download>
          <T k="textbooks.exampleJson" />
        </a>
      </p>
      <input type="file" accept=".csv,.json,text/csv,application/json" onChange={upload} disabled={inFlight} aria-label="Book file" />
      <StatusLine status={status} />
    </details>
  );
}
