/** The schedules list (ScheduleList): live changes and cell texts. */

export const STATUS_COLORS = { PENDENTE: 'default', AGENDADA: 'info', ENVIADA: 'success', ERRO: 'error' };

/**
 * What a company-{id}-schedule event does to the list: a new schedule is added on top
 * unless a search or another contact's filter would hide it, a changed one is changed
 * where listed, a deleted one leaves. Answers { kind: 'upsert'|'update'|'remove'|'none' }.
 */
export function listChange(data, { contactId = null, searching = false } = {}) {
  if (!data) return { kind: 'none' };
  if (data.action === 'delete') return { kind: 'remove', id: data.scheduleId };
  const record = data.schedule;
  if (!record) return { kind: 'none' };
  if (data.action === 'update') return { kind: 'update', record };
  if (data.action !== 'create' || searching) return { kind: 'none' };
  if (contactId && Number(record.contactId) !== Number(contactId)) return { kind: 'none' };
  return { kind: 'upsert', record };
}

/** The send time as the browser's short date and time ('' when missing or bad). */
export function sendAtLabel(schedule, _t, locale = undefined) {
  const d = new Date(schedule?.sendAt);
  if (!schedule?.sendAt || Number.isNaN(d.getTime())) return '';
  return d.toLocaleString(locale, { dateStyle: 'short', timeStyle: 'short' });
}
