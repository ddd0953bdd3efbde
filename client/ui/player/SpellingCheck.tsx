/** The spelling-check list shown when a task ends with wrong spellings (spec section 8). */
export function SpellingCheck({ pairs }: { pairs: { word: string; typed: string }[] }) {
  if (pairs.length === 0) return null;
  return (
    <div className="spelling-check" role="alertdialog" aria-label="Wrong spell words list">
      <h3>Wrong spell words list (correct word, wrong spell;)</h3>
      <p className="pairs">
        {pairs.map((p) => (
          <span key={p.word} className="pair">
            <strong>{p.word}</strong>, <del>{p.typed || '—'}</del>;{' '}
          </span>
        ))}
      </p>
      <p>Please refer to the report file for details</p>
    </div>
  );
}
