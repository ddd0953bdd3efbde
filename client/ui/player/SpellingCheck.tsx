import { T, useT } from '../../i18n';

/** The spelling-check list shown when a task ends with wrong spellings (spec section 8). */
export function SpellingCheck({ pairs }: { pairs: { word: string; typed: string }[] }) {
  const { t } = useT();
  if (pairs.length === 0) return null;
  return (
    <div className="spelling-check" role="alertdialog" aria-label={t('players.wrongListName')}>
      <h3>
        <T k="players.wrongList" />
      </h3>
      <p className="pairs" lang="en" translate="no">
        {pairs.map((p) => (
          <span key={p.word} className="pair">
            <strong>{p.word}</strong>, <del>{p.typed || '—'}</del>;{' '}
          </span>
        ))}
      </p>
      <p>
        <T k="players.seeReport" />
      </p>
    </div>
  );
}
