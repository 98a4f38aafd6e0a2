import { addDays, isoDay } from '../../../utils/companyDay';

/** The canvas's analytics overlay: date range and the counts of GET /flowbuilder/:id/stats. */

export const STATS_DAYS = 30;

/** The default range: the last 30 days up to today, in the company's zone (YYYY-MM-DD). */
export function defaultRange(timeZone, now = new Date()) {
  const today = isoDay(now, timeZone);
  return { dateFrom: addDays(today, -STATS_DAYS), dateTo: today };
}

/** A node's counts ({ entered, stopped }), zeros when the node saw no run. */
export const nodeStats = (stats, id) => ({ entered: 0, stopped: 0, ...(stats?.nodes?.[id] || {}) });

/** An edge's count: by its id, else by "source>handle>target". */
export function edgeCount(stats, edge) {
  const edges = stats?.edges || {};
  if (edge.id && edges[edge.id] !== undefined) return edges[edge.id];
  return edges[`${edge.source}>${edge.sourceHandle || ''}>${edge.target}`] ?? 0;
}

/** The share of runs that stopped at a node, as a whole percent (0 when none entered). */
export const dropRate = ({ entered, stopped }) => (entered > 0 ? Math.round((stopped / entered) * 100) : 0);

/** The canvas edges with their count labels (stats null: the overlay is off). */
export function labelEdges(edges, stats) {
  if (!stats) return edges.map((edge) => (edge.label === undefined ? edge : { ...edge, label: undefined }));
  return edges.map((edge) => ({ ...edge, label: String(edgeCount(stats, edge)) }));
}
