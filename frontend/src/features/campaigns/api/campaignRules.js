/** Campaign states and rules (spec/3 §4, BEHAVIOUR §7). */

export const STATUSES = ['INATIVA', 'PROGRAMADA', 'EM_ANDAMENTO', 'CANCELADA', 'FINALIZADA'];
export const STATUS_COLORS = {
  INATIVA: 'default', PROGRAMADA: 'info', EM_ANDAMENTO: 'primary', CANCELADA: 'error', FINALIZADA: 'success',
};
export const TICKET_STATUSES = ['closed', 'pending', 'open'];
export const EDIT_LEAD_MS = 60 * 60 * 1000;

/** Campaigns are for admins of companies whose plan has them (spec/3 §2, §6). */
export const campaignsAllowed = (user) => user?.profile === 'admin' && Boolean(user?.company?.plan?.useCampaigns);

/** Editable: a draft, a canceled one, or a scheduled one starting more than an hour after now. */
export function isEditable(record, now = Date.now()) {
  if (!record) return true;
  if (record.status === 'INATIVA' || record.status === 'CANCELADA') return true;
  if (record.status === 'PROGRAMADA' && record.scheduledAt) return new Date(record.scheduledAt).getTime() - now > EDIT_LEAD_MS;
  return false;
}

export const canCancel = (record) => record?.status === 'EM_ANDAMENTO' || record?.status === 'PROGRAMADA';
export const canRestart = (record) => record?.status === 'CANCELADA';
export const canDelete = (record) => record?.status !== 'EM_ANDAMENTO';

/**
 * Why the campaign is not sending right now, as an i18n key and its values, or null. A
 * governor pause wins; a running campaign says what it waits for (hours, weekend, daily cap,
 * per-minute ceiling, replies, the connection…); a plain interval is not worth a sentence.
 */
export function waitingReason(record) {
  if (!record) return null;
  const detail = record.waitDetail || {};
  if (record.pausedReason) return { key: `campaigns.wait.paused.${record.pausedReason}`, values: { ...detail }, severity: 'error' };
  if (record.status === 'PROGRAMADA') return { key: 'campaigns.wait.scheduled', values: { until: record.scheduledAt }, severity: 'info' };
  if (record.status !== 'EM_ANDAMENTO') return null;
  const reason = record.waitReason;
  if (!reason || reason === 'interval' || reason === 'longInterval') return null;
  return { key: `campaigns.wait.${reason}`, values: { ...detail, until: record.waitUntil }, severity: 'warning' };
}
