/**
 * A unit's words as a teacher previews them before assigning the unit (issue 34): each word with
 * its picture (the one the players show), part of speech, IPA and definition, in the order the
 * task asks them, and the unit's assign button below. One column on a phone.
 */
import { Component, Suspense, type ReactNode } from 'react';
import { graphql } from 'react-relay/hooks';
import { useRouteQuery } from '../../routeQueries';
import { T, useT } from '../../i18n';
import type { UnitPreviewQuery } from './__generated__/UnitPreviewQuery.graphql';
import './UnitPreview.css';

type Props = { bookGlobalId: string; unitId: string; assignLabel: ReactNode; onAssign: () => void; busy: boolean };

export function UnitPreview(props: Props) {
  const { t } = useT();
  return (
    <div className="unit-preview" id={previewId(props.unitId)} role="region" aria-label={t('textbooks.wordsOfUnit', { unit: props.unitId })}>
      <PreviewErrors key={props.unitId}>
        <Suspense
          fallback={
            <p className="hint">
              <T k="common.loading" />
            </p>
          }
        >
          <Words {...props} />
        </Suspense>
      </PreviewErrors>
    </div>
  );
}

/** The id of a unit's preview, for the button's aria-controls. */
export const previewId = (unitId: string) => `unit-preview-${unitId.replace(/[^\w.]/g, '_')}`;

function Words({ bookGlobalId, unitId, assignLabel, onAssign, busy }: Props) {
  const data = useRouteQuery<UnitPreviewQuery>(
    graphql`
      query UnitPreviewQuery($bookId: ID!, $unitId: String!) {
        node(id: $bookId) {
          ... on Book {
            unit(unitId: $unitId) {
              unitId
              title
              words {
                text
                partOfSpeech
                phonetic
                definition
                pictureUrl
              }
            }
          }
        }
      }
    `,
    { bookId: bookGlobalId, unitId },
  );
  const unit = data.node?.unit;
  const words = unit?.words ?? [];
  return (
    <>
      <h2 className="unit-preview-heading">
        {unit?.title ? (
          <span lang="en" translate="no">
            {unit.title}
          </span>
        ) : (
          <T k="textbooks.unitHeading" values={{ unit: unitId }} />
        )}
      </h2>
      {words.length === 0 ? (
        <p className="empty">
          <T k="textbooks.noWords" />
        </p>
      ) : (
        <>
          <p className="hint">
            <T k="textbooks.previewCount" values={{ count: words.length }} />
          </p>
          <ol className="unit-words" lang="en" translate="no">
            {words.map((w, i) => (
              <li key={`${i}-${w.text}`} className="unit-word">
                {w.pictureUrl ? (
                  <img src={w.pictureUrl} alt="" className="unit-word-picture" loading="lazy" width={48} height={48} />
                ) : (
                  <span className="unit-word-picture none" aria-hidden="true">
                    {w.text.slice(0, 1)}
                  </span>
                )}
                <span className="unit-word-body">
                  <span className="unit-word-line">
                    <strong className="unit-word-text">{w.text}</strong>
                    {w.phonetic && <span className="unit-word-ipa">{w.phonetic}</span>}
                    {w.partOfSpeech && <em className="unit-word-pos">{w.partOfSpeech}</em>}
                  </span>
                  {w.definition && <span className="unit-word-definition">{w.definition}</span>}
                </span>
              </li>
            ))}
          </ol>
        </>
      )}
      <button type="button" className="button unit-preview-assign" aria-disabled={busy} onClick={() => !busy && onAssign()}>
        {assignLabel}
      </button>
    </>
  );
}

/** A preview that cannot load says so where it would have been; the rest of the screen stays. */
class PreviewErrors extends Component<{ children: ReactNode }, { error: Error | null }> {
  state = { error: null as Error | null };
  static getDerivedStateFromError(error: Error) {
    return { error };
  }
  render() {
    if (this.state.error)
      return (
        <p className="status error" role="alert">
          <T k="textbooks.previewFailed" values={{ message: this.state.error.message }} />
        </p>
      );
    return this.props.children;
  }
}
