import { isoDay } from './companyDay';

const DAY_MS = 86400000;
export const DUE_SOON_DAYS = 5;

/** A YYYY-MM-DD as a count of days. */
const dayNumber = (value) => {
  const [year, month, day] = String(value).slice(0, 10).split('-').map(Number);
  return Date.UTC(year, month - 1, day) / DAY_MS;
};

/**
 * Whole days from today to the due date (0 = due today, negative = overdue); null without a
 * date. Today is the company's (timeZone), as the server counts; the browser's without one.
 */
export function daysUntilDue(dueDate, now = new Date(), timeZone = undefined) {
  if (!dueDate) return null;
  return dayNumber(dueDate) - dayNumber(isoDay(now, timeZone));
}

/**
 * Company 1 never expires; otherwise the subscription holds through its due date, as the
 * server counts it, in the company's zone (no date: no expiry).
 */
export function isSubscriptionActive(company, now = new Date()) {
  if (!company) return false;
  if (company.id === 1) return true;
  const days = daysUntilDue(company.dueDate, now, company.timezone);
  return days === null || days >= 0;
}

/** 'error' (red) when due or overdue, 'warning' (yellow) with 1-5 days left, otherwise null. */
export function dueDateSeverity(days) {
  if (days === null || days === undefined) return null;
  if (days <= 0) return 'error';
  if (days <= DUE_SOON_DAYS) return 'warning';
  return null;
}

/** The warning toast shows while fewer than 5 days remain (company 1 excluded). */
export function shouldWarnDueDate(company, now = new Date()) {
  if (!company || company.id === 1) return false;
  const days = daysUntilDue(company.dueDate, now, company.timezone);
  return days !== null && days < DUE_SOON_DAYS;
}

/** YYYY-MM-DD → dd/MM/yyyy. */
export function formatDate(value) {
  if (!value) return '';
  const [year, month, day] = String(value).slice(0, 10).split('-');
  return `${day}/${month}/${year}`;
}

/** The operator blocked the company or is deleting it (company 1 never is). */
export function isCompanyBlocked(company) {
  if (!company || company.id === 1) return false;
  return company.status === false || Boolean(company.deletingAt);
}
