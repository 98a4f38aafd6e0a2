import { downloadFile } from '../../contactLists/api/contactListsApi';
import { isoDay, monthStart } from '../../../utils/companyDay';

export const DASHBOARD_PATH = '/dashboard';
export const TICKETS_USERS_PATH = '/dashboard/ticketsUsers';
export const TICKETS_DAY_PATH = '/dashboard/ticketsDay';
export const EXPORT_PATH = '/dashboard/attendants/export';
export const MOMENTS_PATH = '/dashboard/moments';

/** The filter's default: the first of the month to today, in the company's time zone. */
export function defaultRange(timeZone, now = new Date()) {
  const today = isoDay(now, timeZone);
  return { from: monthStart(today), to: today };
}

/** The query every dashboard call takes for a range. */
export const rangeParams = ({ from, to }) => ({ date_from: from, date_to: to });
export const chartParams = ({ from, to }) => ({ initialDate: from, finalDate: to });

/** A filled range: both dates set and in order; otherwise the page asks for the filter. */
export const rangeReady = ({ from, to }) => Boolean(from && to && from <= to);

/** Minutes as "h:mm" (e.g. 75.5 → "1:15"); a dash without data. */
export function formatMinutes(minutes) {
  if (minutes === null || minutes === undefined) return '—';
  const total = Math.round(minutes);
  return `${Math.floor(total / 60)}:${String(total % 60).padStart(2, '0')}`;
}

/** A percentage with up to 2 decimals in the user's language. */
export const formatPercent = (value, lng) => `${Number(value || 0).toLocaleString(lng, { maximumFractionDigits: 2 })}%`;

/** Downloads the attendants table of the range as a spreadsheet. */
export const exportAttendants = (range) =>
  downloadFile(`${EXPORT_PATH}?${new URLSearchParams(rangeParams(range))}`, `atendentes-${range.from}-${range.to}.xlsx`);

/** Cards of the real-time panel: one per attendant holding tickets, then Pendentes (no attendant). */
export function momentCards(moments) {
  const tickets = moments?.tickets || [];
  const cards = (moments?.users || []).map((user) => ({ key: `user-${user.id}`, user, tickets: tickets.filter((t) => t.userId === user.id) }));
  cards.push({ key: 'pending', user: null, tickets: tickets.filter((t) => !t.userId) });
  return cards;
}

/** Spec/1 §9: names over 30 characters cut to 25, last messages over 30 cut to 27. */
export const cut = (text, over, to) => (text && text.length > over ? `${text.slice(0, to)}…` : text || '');
