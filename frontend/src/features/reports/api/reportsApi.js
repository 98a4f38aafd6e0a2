import { downloadFile } from '../../contactLists/api/contactListsApi';
import { isoDay, monthStart } from '../../../utils/companyDay';

export const REPORT_PATH = '/ticketreport/reports';
export const EXPORT_PATH = '/ticketreport/reports/export';
/** Page sizes of the report (spec/3 §9); 10 by default. */
export const PAGE_SIZES = [5, 10, 20, 50];
export const DEFAULT_PAGE_SIZE = 10;
/** A contact search filters from 3 characters (spec/3 §9). */
export const MIN_SEARCH = 3;
export const STATUSES = ['open', 'pending', 'closed', 'group', 'nps', 'lgpd'];

/** The report's default filters: start of the month to today, in the company's zone (spec/3 §9). */
export function defaultFilters(timeZone, now = new Date()) {
  const today = isoDay(now, timeZone);
  return {
    searchParam: '', whatsappIds: [], users: [], queueIds: [], status: [], onlyRated: false,
    dateFrom: monthStart(today), dateTo: today,
  };
}

/** Query parameters of the report call; lists go as JSON lists, a short search is left out. */
export function reportParams(filters, page, pageSize) {
  const list = (ids) => (ids.length ? JSON.stringify(ids) : undefined);
  const search = filters.searchParam.trim();
  return {
    searchParam: search.length >= MIN_SEARCH ? search : undefined,
    whatsappId: list(filters.whatsappIds),
    users: list(filters.users),
    queueIds: list(filters.queueIds),
    status: list(filters.status),
    dateFrom: filters.dateFrom || undefined,
    dateTo: filters.dateTo || undefined,
    onlyRated: filters.onlyRated ? 'true' : undefined,
    page,
    pageSize,
  };
}

/** Seconds as h:mm:ss; empty for null. */
export function formatDuration(seconds) {
  if (seconds === null || seconds === undefined) return '';
  const n = Math.max(0, Math.floor(seconds));
  const pad = (v) => String(v).padStart(2, '0');
  return `${Math.floor(n / 3600)}:${pad(Math.floor(n / 60) % 60)}:${pad(n % 60)}`;
}

/** Downloads the whole filtered report as .xlsx (the server streams it). */
export function exportReport(filters) {
  const params = reportParams(filters, undefined, undefined);
  const query = new URLSearchParams(Object.entries(params).filter(([, v]) => v !== undefined)).toString();
  return downloadFile(`${EXPORT_PATH}${query ? `?${query}` : ''}`, 'relatorio-atendimentos.xlsx');
}
