/**
 * CSV as RFC 4180 writes it (CRLF between records; a field with a comma, a quote, a CR or an LF
 * in double quotes, its quotes doubled), made safe for spreadsheets: text that starts with
 * `= + - @`, a tab or a CR would be read as a formula, so it gets a leading apostrophe (OWASP,
 * CSV injection). Numbers are written as they are.
 */
const FORMULA_START = /^[=+\-@\t\r]/;
const NEEDS_QUOTES = /[",\r\n]/;

export function csvField(value: string | number): string {
  if (typeof value === 'number') return String(value);
  const safe = FORMULA_START.test(value) ? `'${value}` : value;
  return NEEDS_QUOTES.test(safe) ? `"${safe.replace(/"/g, '""')}"` : safe;
}

/** Records as CSV text, each line ended by CRLF. */
export function csvText(records: readonly (readonly (string | number)[])[]): string {
  return records.map((record) => `${record.map(csvField).join(',')}\r\n`).join('');
}
