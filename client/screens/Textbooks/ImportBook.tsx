/** A teacher loads their school's own book from a CSV or JSON file (docs/content.md). */
import { useState, type ChangeEvent } from 'react';
import { graphql, useMutation } from 'react-relay/hooks';
import { StatusLine, type Status } from '../../ui/StatusLine';
import { useRefusal } from '../../ui/serverMessages';
import { T, useT } from '../../i18n';
import type { ImportBookMutation } from './__generated__/ImportBookMutation.graphql';

export function ImportBook({ onImported }: { onImported: () => void }) {
  const [status, setStatus] = useState<Status>(null);
  const { t } = useT();
  const refusal = useRefusal();
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
      setStatus({ text: t('textbooks.importTooLarge'), tone: 'error' });
      return;
    }
    setStatus({ text: t('textbooks.importing', { file: file.name }), tone: 'info' });
    commit({
      variables: { fileName: file.name, content: await file.text() },
      onCompleted: ({ importTextbook: r }) => {
        if (r.__typename === 'ImportTextbookPayload') {
          setStatus({ text: t('textbooks.imported', { books: r.books, units: r.units, words: r.words, newWords: r.newWords }), tone: 'success' });
          onImported();
        } else setStatus(refusal.of(r, 'textbooks.importFailed'));
      },
      onError: (error) => setStatus(refusal.failed(error)),
    });
  };
  return (
    <details className="import-book">
      <summary>
        <T k="textbooks.importTitle" />
      </summary>
      <p className="hint">
        <T k="textbooks.importColumns" />
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
      <input type="file" accept=".csv,.json,text/csv,application/json" onChange={upload} disabled={inFlight} aria-label={t('textbooks.importFile')} />
      <StatusLine status={status} />
    </details>
  );
}
