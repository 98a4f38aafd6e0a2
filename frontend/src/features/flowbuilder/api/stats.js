import { addDays, isoDay } from '../../../utils/companyDay';

/** The canvas's analytics overlay: date range and the counts of GET /flowbuilder/:id/stats. */

export const STATS_DAYS = 30;
/** The longest range the server reads, in days with both ends included (flowrun.MaxRange). */
export const MAX_RANGE_DAYS = 366;

/**
 * The default range: the last 30 days with today included (today − 29 … today), in the
 * company's zone (YYYY-MM-DD), as the server's own default (flowrun dayRange).
 */
export function defaultRange(timeZone, now = new Date()) {
  const today = isoDay(now, timeZone);
  return { dateFrom: addDays(today, 1 - STATS_DAYS), dateTo: today };
}

/**
 * The bounds of the range's date inputs: from ≤ to, and at most MAX_RANGE_DAYS days
 * (both ends included). { dateFrom: { min, max }, dateTo: { min, max } }.
 */
export function rangeLimits({ dateFrom, dateTo }) {
  return {
    dateFrom: { min: addDays(dateTo, 1 - MAX_RANGE_DAYS), max: dateTo },
    dateTo: { min: dateFrom, max: addDays(dateFrom, MAX_RANGE_DAYS - 1) },
  };
}

/** A node's counts ({ entered, stopped }), zeros when the node saw no run. */
export const nodeStats = (stats, id) => ({ entered: 0, stopped: 0, ...(stats?.nodes?.[id] || {}) });

/**
 * An edge's count: the runs counted by its id plus those counted by "source>handle>target"
 * (runs of the flow from before its edges had ids). Both keys can carry counts of one edge.
 */
export function edgeCount(stats, edge) {
  const edges = stats?.edges || {};
  const byId = edge.id ? Number(edges[edge.id] ?? 0) : 0;
  const byEnds = Number(edges[`${edge.source}>${edge.sourceHandle || ''}>${edge.target}`] ?? 0);
  return byId + byEnds;
}

/** The share of runs that stopped at a node, as a whole percent (0 when none entered). */
export const dropRate = ({ entered, stopped }) => (entered > 0 ? Math.round((stopped / entered) * 100) : 0);

/** The canvas edges with their count labels (stats null: the overlay is off). */
export function labelEdges(edges, stats) {
  if (!stats) return edges.map((edge) => (edge.label === undefined ? edge : { ...edge, label: undefined }));
  return edges.map((edge) => ({ ...edge, label: String(edgeCount(stats, edge)) }));
}
