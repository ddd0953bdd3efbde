/**
 * Textbooks (spec screen 9) for the selected class: the start list (National standards 2022,
 * the level sources with unit 'R', the class's school-and-press entry); a press entry lists the
 * National book, itself and the class's textbooks; a book lists its units. Clicking a bookID
 * opens it; clicking a unit assigns it to the class. A long book (the National standards book has
 * 210 units) opens with a search box and its first units, the rest a click away: on a phone the
 * whole list was 31,000 px of scrolling.
 */
import { Fragment, useEffect, useRef, useState, type ReactNode } from 'react';
import { graphql, useMutation } from 'react-relay/hooks';
import { useRouteQuery } from '../../routeQueries';
import { useLocation } from 'wouter';
import { useStoredValue } from '../../session';
import { StatusLine, type Status } from '../../ui/StatusLine';
import type { TextbooksQuery, TextbooksQuery$data } from './__generated__/TextbooksQuery.graphql';
import type { AssignableTaskType, TextbooksAssignMutation } from './__generated__/TextbooksAssignMutation.graphql';
import { ImportBook } from './ImportBook';
import { unitsMatching } from './unitSearch';
import { UnitPreview, previewId } from './UnitPreview';
import { T, useT } from '../../i18n';
import { useRefusal, useServerMessage } from '../../ui/serverMessages';
import { specWord } from '../Classes/labels';

type Book = NonNullable<NonNullable<NonNullable<TextbooksQuery$data['viewer']>['class']>['shelf']>['national'];
/** The class's task type as the spec writes it ('PA+SB') as the API's enum ('PA_SB'). */
const assignableType = (type: string) => type.replace('+', '_') as AssignableTaskType;

/** What the table shows: the start list, the press entry, or one book's units. */
type View = { kind: 'start' } | { kind: 'press' } | { kind: 'book'; bookId: string };
/** Where in history.state the Textbooks level of an entry is kept. */
const VIEW_KEY = 'textbooksView';
/** A book of more units than this is long: a search box, and the first FIRST_UNITS units until all are asked for. */
const LONG_BOOK_UNITS = 30;
const FIRST_UNITS = 20;

export default function Textbooks() {
  const className = useStoredValue('selectedClassname');
  if (!className) {
    return (
      <section className="card">
        <h1>
          <T k="textbooks.title" />
        </h1>
        <p className="guidance">
          <T k="textbooks.selectClassFirst" />
        </p>
      </section>
    );
  }
  return <Shelf className={className} />;
}

function Shelf({ className }: { className: string }) {
  const [fetchKey, setFetchKey] = useState(0);
  const data = useRouteQuery<TextbooksQuery>(
    graphql`
      query TextbooksQuery($className: String!) {
        viewer {
          class(name: $className) {
            id
            name
            textbookTaskType
            taskDueDays
            shelf {
              schoolLevel
              pressId
              national {
                ...Textbooks_book @relay(mask: false)
              }
              sources {
                ...Textbooks_book @relay(mask: false)
              }
              press {
                ...Textbooks_book @relay(mask: false)
              }
            }
          }
        }
      }
    `,
    { className },
    { fetchPolicy: fetchKey ? 'network-only' : 'store-or-network', fetchKey },
  );
  graphql`
    fragment Textbooks_book on Book {
      id
      bookId
      title
      bookKind
      vocabularyLevel
      entry
      units {
        unitId
        title
        wordCount
        bookUnitId
      }
    }
  `;
  const [view, setView] = useState<View>(() => {
    const current = sessionStorage.getItem('currentBId');
    return current ? (current === 'press' ? { kind: 'press' } : { kind: 'book', bookId: current }) : { kind: 'start' };
  });
  const [status, setStatus] = useState<Status>(null);
  const [unitSearch, setUnitSearch] = useState('');
  const [allUnitsShown, setAllUnitsShown] = useState(false);
  /** The unit whose words are shown under its row (one at a time). */
  const [previewUnit, setPreviewUnit] = useState<string | null>(null);
  const { t } = useT();
  const refusal = useRefusal();
  const say = useServerMessage();
  const [, navigate] = useLocation();
  const showRef = useRef<(next: View) => void>(() => {});
  // The button that opened a level is gone with the level: the keyboard goes on in the new one (its
  // search box, else its first book or unit, not a unit's Words button); after Show all, on the first unit it brought.
  const card = useRef<HTMLElement>(null);
  const focusNext = useRef<'level' | number | null>(null);
  useEffect(() => {
    const next = focusNext.current;
    focusNext.current = null;
    const active = document.activeElement;
    if (next === null || (active && active !== document.body && active.isConnected && !(active as HTMLButtonElement).disabled)) return;
    const target =
      next === 'level'
        ? card.current?.querySelector<HTMLElement>('.unit-search input, .books-table .book-cell, .books-table .unit-cell')
        : card.current?.querySelectorAll<HTMLTableRowElement>('.books-table tbody tr:not(.unit-preview-row)')[next]?.querySelector<HTMLElement>('.unit-cell');
    target?.focus();
  });
  useEffect(() => {
    // The entry the page opened on remembers its level too (a reload inside a book).
    if (!(history.state as Record<string, unknown> | null)?.[VIEW_KEY])
      history.replaceState({ ...(history.state as object | null), [VIEW_KEY]: view }, '', location.href);
    const onPopState = () => showRef.current(((history.state as Record<string, unknown> | null)?.[VIEW_KEY] as View | undefined) ?? { kind: 'start' });
    window.addEventListener('popstate', onPopState);
    return () => window.removeEventListener('popstate', onPopState);
    // Once, on the level the page opened on.
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, []);
  const [commit, inFlight] = useMutation<TextbooksAssignMutation>(graphql`
    mutation TextbooksAssignMutation($input: AssignTaskInput!) {
      assignTask(input: $input) {
        __typename
        ... on AssignTaskPayload {
          info
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

  const klass = data.viewer?.class;
  if (!klass) {
    return (
      <section className="card">
        <h1>
          <T k="textbooks.title" />
        </h1>
        <p className="guidance">
          <T k="textbooks.classNotFound" />
        </p>
      </section>
    );
  }
  const shelf = klass.shelf;
  const school = specWord(shelf.schoolLevel);
  const taskType = specWord(klass.textbookTaskType);
  const pressEntry = `${school}-${shelf.pressId}`;
  const allBooks = [shelf.national, ...shelf.sources, ...shelf.press];
  sessionStorage.setItem('buIDarr', JSON.stringify(shelf.press.map((b) => b.entry)));

  const show = (next: View) => {
    sessionStorage.setItem('lastBId', sessionStorage.getItem('currentBId') ?? '');
    if (next.kind === 'start') sessionStorage.removeItem('currentBId');
    else sessionStorage.setItem('currentBId', next.kind === 'press' ? 'press' : next.bookId);
    setStatus(null);
    setUnitSearch('');
    setAllUnitsShown(false);
    setPreviewUnit(null);
    setView(next);
    focusNext.current = 'level';
  };
  // Each level opened is a step of the browser's history: Back goes up a level (to the press's
  // books, then all sources) before it leaves the page.
  const open = (next: View) => {
    history.pushState({ ...(history.state as object | null), [VIEW_KEY]: next }, '', location.href);
    show(next);
  };

  showRef.current = show;

  const assign = (book: Book, unitId: string) => {
    const profile = unitId === 'R';
    const type = profile ? 'FM' : taskType;
    setStatus({ text: t('textbooks.assigning', { type, unit: `${book.bookId}-${unitId}`, className: klass.name }), tone: 'info' });
    commit({
      variables: { input: { classId: klass.id, bookUnitId: `${book.bookId}-${unitId}`, taskType: assignableType(type), taskDueDays: klass.taskDueDays } },
      onCompleted: ({ assignTask }) => {
        const text = assignTask.__typename === '%other' ? t('textbooks.notAssigned') : 'info' in assignTask ? assignTask.info : assignTask.message;
        // The task list shows what was assigned (or that it already was), carried in the history state.
        if (text.startsWith('success')) navigate('/task', { state: { assigned: text.replace(/^success:\s*/, '') } });
        else setStatus({ text: say(text, assignTask.__typename), tone: 'error' });
      },
      onError: (error) => setStatus(refusal.failed(error)),
    });
  };

  let rows: {
    key: string;
    bookCell: string;
    title: ReactNode;
    onBook?: () => void;
    units: { label: string; title?: string; onClick: () => void }[];
    /** A unit of the open book whose words can be previewed before it is assigned. */
    preview?: { book: Book; unitId: string };
  }[];
  /** The open book's search, when it is long: its units in all, those found, those found but not shown. */
  let longBook: { bookId: string; total: number; found: number; hidden: number } | null = null;
  if (view.kind === 'book') {
    const book = allBooks.find((b) => b.bookId === view.bookId) ?? shelf.national;
    const long = book.units.length > LONG_BOOK_UNITS;
    const found = long ? unitsMatching(book.units, unitSearch) : book.units;
    const shown = long && !allUnitsShown ? found.slice(0, FIRST_UNITS) : found;
    if (long) longBook = { bookId: book.bookId, total: book.units.length, found: found.length, hidden: found.length - shown.length };
    rows = shown.map((u) => ({
      key: u.unitId,
      bookCell: book.bookId,
      title: (
        <>
          {/* The book's own title, as printed (English in an English book). */}
          <span translate="no">{u.title}</span>
          {u.wordCount ? (
            <>
              {' · '}
              <T k="textbooks.wordCount" values={{ count: u.wordCount }} />
            </>
          ) : null}
        </>
      ),
      units: [{ label: u.unitId, title: t('textbooks.assignUnit', { unit: `${book.bookId}-${u.unitId}` }), onClick: () => assign(book, u.unitId) }],
      preview: u.unitId === 'R' ? undefined : { book, unitId: u.unitId },
    }));
  } else {
    const bookRow = (b: Book) => ({
      key: b.bookId,
      bookCell: b.bookId,
      title: <span translate="no">{b.title}</span>,
      onBook: () => open({ kind: 'book', bookId: b.bookId }),
      units:
        b.bookKind === 'SOURCE'
          ? [{ label: 'R', title: t('textbooks.assignBatch', { book: b.bookId }), onClick: () => assign(b, 'R') }]
          : [
              {
                label: b.entry.split('-').slice(1).join('–'),
                title: t('textbooks.openBook', { book: b.bookId }),
                onClick: () => open({ kind: 'book', bookId: b.bookId }),
              },
            ],
    });
    rows =
      view.kind === 'start'
        ? [
            bookRow(shelf.national),
            ...shelf.sources.map(bookRow),
            {
              key: pressEntry,
              bookCell: pressEntry,
              title: <T k="textbooks.pressBooks" values={{ count: shelf.press.length }} />,
              onBook: () => open({ kind: 'press' }),
              units: [{ label: shelf.press.map((b) => b.bookId).join(', ') || '—', onClick: () => open({ kind: 'press' }) }],
            },
          ]
        : [bookRow(shelf.national), { key: pressEntry, bookCell: pressEntry, title: <T k="textbooks.thisPress" />, units: [] }, ...shelf.press.map(bookRow)];
  }

  return (
    <section className="card" ref={card}>
      <h1>
        <T k="textbooks.title" />
      </h1>
      <p className="hint">
        <T k="textbooks.intro" values={{ className: klass.name, school, press: shelf.pressId, type: taskType, days: klass.taskDueDays }} />
      </p>
      <nav className="crumbs" aria-label={t('textbooks.crumbs')}>
        <button type="button" className="link-button" onClick={() => open({ kind: 'start' })} disabled={view.kind === 'start'}>
          <T k="textbooks.allSources" />
        </button>
        {view.kind !== 'start' && (
          <>
            {' › '}
            <button type="button" className="link-button" onClick={() => open({ kind: 'press' })} disabled={view.kind === 'press'}>
              <span translate="no">{pressEntry}</span>
            </button>
          </>
        )}
        {view.kind === 'book' && (
          <>
            {' › '}
            <span translate="no">{view.bookId}</span>
          </>
        )}
      </nav>
      {/* Above the table: a book's units run far down, and what a click did must be in sight. */}
      <StatusLine status={status} />
      {longBook && (
        <div className="unit-search">
          <label className="list-search">
            <T k="textbooks.findUnit" />{' '}
            <input
              type="search"
              name="unit"
              value={unitSearch}
              onChange={(e) => setUnitSearch(e.target.value)}
              placeholder={t('textbooks.findPlaceholder')}
              autoComplete="off"
              enterKeyHint="search"
            />
          </label>
          <span className="hint" role="status">
            {unitSearch.trim() ? (
              <T k="textbooks.unitsMatch" values={{ found: longBook.found, total: longBook.total }} />
            ) : (
              <T k="textbooks.unitsShown" values={{ shown: longBook.total - longBook.hidden, total: longBook.total }} />
            )}
          </span>
        </div>
      )}
      {longBook && longBook.found === 0 ? (
        <p className="empty">
          <T k="textbooks.noUnitFound" values={{ book: longBook.bookId, query: unitSearch.trim() }} />
        </p>
      ) : (
        <div className="table-scroll">
          <table className={`table books-table stack${view.kind === 'book' ? ' units-table' : ''}`}>
            <thead>
              <tr>
                <th>
                  <T k="textbooks.thBook" />
                </th>
                <th>
                  <T k="textbooks.thUnit" />
                </th>
                <th>
                  <T k="textbooks.thTitle" />
                </th>
              </tr>
            </thead>
            <tbody>
              {rows.map((row) => {
                const previewed = row.preview && previewUnit === row.preview.unitId ? row.preview : null;
                return (
                  <Fragment key={row.key}>
                    <tr>
                      <td data-label="bookID" translate="no">
                        {row.onBook ? (
                          <button type="button" className="cell-button book-cell" onClick={row.onBook}>
                            {row.bookCell}
                          </button>
                        ) : (
                          row.bookCell
                        )}
                      </td>
                      {/* The unit before its title: the order a phone's card shows them in, and the keyboard's. */}
                      <td data-label="unitID" translate="no">
                        {row.units.map((u) => (
                          // While a unit is assigned the others wait (not disabled: the one pressed keeps the focus should it fail).
                          <button
                            key={u.label}
                            type="button"
                            className="cell-button unit-cell"
                            aria-disabled={inFlight}
                            onClick={() => !inFlight && u.onClick()}
                            title={u.title}
                          >
                            {u.label}
                          </button>
                        ))}
                      </td>
                      <td data-label="title">
                        {row.title}
                        {row.preview && (
                          <button
                            type="button"
                            className="cell-button preview-toggle"
                            aria-expanded={Boolean(previewed)}
                            aria-controls={previewed ? previewId(row.preview.unitId) : undefined}
                            title={t('textbooks.showWordsOf', { unit: row.preview.unitId })}
                            onClick={() => setPreviewUnit(previewed ? null : row.preview!.unitId)}
                          >
                            {previewed ? <T k="textbooks.hideWords" /> : <T k="textbooks.showWords" />}
                          </button>
                        )}
                      </td>
                    </tr>
                    {previewed && (
                      <tr className="unit-preview-row">
                        <td colSpan={3}>
                          <UnitPreview
                            bookGlobalId={previewed.book.id}
                            unitId={previewed.unitId}
                            busy={inFlight}
                            assignLabel={<T k="textbooks.assignThis" values={{ unit: previewed.unitId, type: taskType }} />}
                            onAssign={() => assign(previewed.book, previewed.unitId)}
                          />
                        </td>
                      </tr>
                    )}
                  </Fragment>
                );
              })}
            </tbody>
          </table>
        </div>
      )}
      {longBook && longBook.hidden > 0 && (
        <button
          type="button"
          className="button show-all-units"
          onClick={() => {
            setAllUnitsShown(true);
            focusNext.current = FIRST_UNITS;
          }}
        >
          {unitSearch.trim() ? (
            <T k="textbooks.showAllMatching" values={{ count: longBook.found }} />
          ) : (
            <T k="textbooks.showAll" values={{ count: longBook.total }} />
          )}
        </button>
      )}
      <ImportBook onImported={() => setFetchKey((k) => k + 1)} />
    </section>
  );
}
