export function Loading() {
  return (
    <div className="loading" role="status" aria-live="polite">
      <span className="loading-bee" aria-hidden="true" />
      Loading…
    </div>
  );
}
