/**
 * Days as the server counts them: date filters (dashboard, kanban, reports, flow stats) are
 * read in the company's time zone, so their defaults must be the company's today, not the
 * browser's (they differ for hours each night when the two zones do).
 */

/** YYYY-MM-DD of date in timeZone (the browser's zone when none is given or it is unknown). */
export function isoDay(date, timeZone) {
  try {
    return new Intl.DateTimeFormat('en-CA', { timeZone: timeZone || undefined, year: 'numeric', month: '2-digit', day: '2-digit' }).format(date);
  } catch {
    return new Intl.DateTimeFormat('en-CA', { year: 'numeric', month: '2-digit', day: '2-digit' }).format(date);
  }
}

/** The day (YYYY-MM-DD) days after day, by the calendar (negative goes back). */
export function addDays(day, days) {
  const [y, m, d] = day.split('-').map(Number);
  return new Date(Date.UTC(y, m - 1, d + days)).toISOString().slice(0, 10);
}

/** The first day of day's month. */
export const monthStart = (day) => `${day.slice(0, 8)}01`;
