/**
 * Old-message import shown on a connection row (spec/2 §4, §9): "preparing" for 35 s after the
 * import's start timestamp (statusImportMessages), then the progress the importMessages-{companyId}
 * events report, then — once statusImportMessages is "renderButtonCloseTickets" — a button that
 * closes the imported tickets (POST /closedimported/{id}).
 */

export const PREPARING_MS = 35 * 1000;
export const CLOSE_TICKETS_STATUS = 'renderButtonCloseTickets';

/** The start time (ms) a statusImportMessages value holds, or null. */
export function importStartedAt(status) {
  if (status === null || status === undefined || status === '' || status === CLOSE_TICKETS_STATUS) return null;
  const text = String(status).trim();
  const ms = /^\d+(\.\d+)?$/.test(text) ? Math.floor(Number(text)) : Date.parse(text);
  return Number.isFinite(ms) && ms > 0 ? ms : null;
}

/**
 * What the row shows: { kind: 'closeTickets' } | { kind: 'preparing', until } |
 * { kind: 'progress', done, total } | null. progress is the last { this, all } reported for it.
 */
export function importView(connection, progress, now = Date.now()) {
  const status = connection?.statusImportMessages;
  if (status === CLOSE_TICKETS_STATUS) return { kind: 'closeTickets' };
  const started = importStartedAt(status);
  if (started !== null && now < started + PREPARING_MS) return { kind: 'preparing', until: started + PREPARING_MS };
  const total = Number(progress?.all) || 0;
  if (total > 0) return { kind: 'progress', done: Math.min(Number(progress.this) || 0, total), total };
  if (started !== null) return { kind: 'progress', done: 0, total: 0 };
  return null;
}

/**
 * The progress map (connection id → { this, all }) after an importMessages-{companyId} frame:
 * { action: 'update', status: { this, all, date }, whatsappId? } or { action: 'refresh' }.
 * A frame without a connection id belongs to the connections that are importing.
 */
export function applyImportEvent(progress, data, connections = []) {
  if (!data) return progress;
  if (data.action === 'refresh') return {};
  if (data.action !== 'update' || !data.status) return progress;
  const id = data.whatsappId ?? data.status.whatsappId;
  const ids = id !== undefined && id !== null
    ? [id]
    : connections.filter((c) => importStartedAt(c.statusImportMessages) !== null).map((c) => c.id);
  if (!ids.length) return progress;
  const next = { ...progress };
  ids.forEach((key) => {
    next[key] = { this: Number(data.status.this) || 0, all: Number(data.status.all) || 0 };
  });
  return next;
}
