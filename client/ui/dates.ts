/**
 * Dates as the user reads them: year-month-day in their own time zone, the same order in Chinese
 * and English (12/1/2026 means different days to different readers).
 */
const pad = (n: number) => String(n).padStart(2, '0');

/** '2026-12-01' */
export const localDate = (value: string | Date) => {
  const d = new Date(value);
  return `${d.getFullYear()}-${pad(d.getMonth() + 1)}-${pad(d.getDate())}`;
};
