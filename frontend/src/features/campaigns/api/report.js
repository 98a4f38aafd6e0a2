/** The campaign report's numbers (spec/3 report: live counts, a chart). */

export const COUNT_KEYS = ['toSend', 'sent', 'delivered', 'read', 'confirmed', 'failed'];

export const percent = (part, whole) => (whole > 0 ? Math.round((part / whole) * 100) : 0);

/** The cards: each count with its share of the total. */
export function cards(counts = {}, { confirmation = false } = {}) {
  const total = counts.total || 0;
  return COUNT_KEYS.filter((key) => confirmation || key !== 'confirmed')
    .map((key) => ({ key, value: counts[key] || 0, percent: percent(counts[key] || 0, total) }));
}

/** The chart's series: per minute, cumulative sent / delivered / read / failed. */
export function cumulative(series = []) {
  let sent = 0; let delivered = 0; let read = 0; let failed = 0;
  return series.map((p) => {
    sent += p.sent || 0; delivered += p.delivered || 0; read += p.read || 0; failed += p.failed || 0;
    return { at: new Date(p.at), sent, delivered, read, failed };
  });
}

/** A shipping's state in the per-contact table. */
export function shippingState(s) {
  if (s.failedAt) return 'failed';
  if (s.ack >= 3) return 'read';
  if (s.ack >= 2) return 'delivered';
  if (s.deliveredAt) return 'sent';
  if (s.confirmedAt) return 'confirmed';
  if (s.confirmationRequestedAt) return 'asked';
  return 'toSend';
}

/** Ms to wait before reading the report again after an event (coalesces a burst). */
export const REFRESH_DEBOUNCE_MS = 1000;
