/** Schedule dialog rules (spec/3 §4, §5, §9; BEHAVIOUR §8). */

export const BODY_MIN = 5;
export const STATUSES = ['PENDENTE', 'AGENDADA', 'ENVIADA', 'ERRO'];
export const TICKET_STATUSES = ['closed', 'pending', 'open'];
export const UNITS = [1, 2, 3, 4]; // days, weeks, months, minutes
export const DAY_RULES = [4, 5, 6]; // any day, previous business day, next business day
export const IMAGE_TYPES = ['image/png', 'image/jpeg'];
const IMAGE_NAME = /\.(png|jpe?g)$/i;

const pad = (n) => String(n).padStart(2, '0');

/** A Date as the value of a datetime-local field (the browser's local time, minutes). */
export function toLocalInput(date) {
  const d = new Date(date);
  if (Number.isNaN(d.getTime())) return '';
  return `${d.getFullYear()}-${pad(d.getMonth() + 1)}-${pad(d.getDate())}T${pad(d.getHours())}:${pad(d.getMinutes())}`;
}

/** The default sendAt: one hour from now. */
export const defaultSendAt = (now = new Date()) => new Date(new Date(now).getTime() + 60 * 60 * 1000);

/**
 * A new schedule's sendAt from a calendar click: a day cell (allDay) keeps the hour of
 * now + 1 h on that day; a time slot is taken as clicked.
 */
export function sendAtForClick(date, allDay, now = new Date()) {
  if (!allDay) return new Date(date);
  const base = defaultSendAt(now);
  const d = new Date(date);
  d.setHours(base.getHours(), base.getMinutes(), 0, 0);
  return d;
}

/** Form values of a record, or a new schedule's defaults (for contact, from a ticket: whatsappId). */
export function scheduleToForm(record, { now = new Date(), contact = null, whatsappId = '', sendAt = null } = {}) {
  if (!record) {
    return {
      body: '', contact, sendAt: toLocalInput(sendAt || defaultSendAt(now)), whatsappId: whatsappId ?? '', openTicket: true,
      ticketUserId: '', queueId: '', statusTicket: 'closed', intervalo: 1, valorIntervalo: 0, enviarQuantasVezes: 1,
      tipoDias: 4, assinar: false,
    };
  }
  return {
    body: record.body ?? '',
    contact: record.contact ? { id: record.contactId, ...record.contact } : (record.contactId ? { id: record.contactId, name: '' } : null),
    sendAt: toLocalInput(record.sendAt),
    whatsappId: record.whatsappId ?? '',
    openTicket: record.openTicket === true || record.openTicket === 'enabled',
    ticketUserId: record.ticketUserId ?? '',
    queueId: record.queueId ?? '',
    statusTicket: record.statusTicket || 'closed',
    intervalo: record.intervalo ?? 1,
    valorIntervalo: record.valorIntervalo ?? 0,
    enviarQuantasVezes: record.enviarQuantasVezes ?? 1,
    tipoDias: record.tipoDias ?? 4,
    assinar: Boolean(record.assinar),
  };
}

const intOr = (value, fallback) => {
  const n = Number.parseInt(value, 10);
  return Number.isFinite(n) ? n : fallback;
};

/** Field errors (i18n keys): body required and at least 5 characters, contact and sendAt required, an image png/jpg/jpeg. */
export function validateSchedule(values, { file = null } = {}) {
  const errors = {};
  const body = String(values.body ?? '').trim();
  if (!body) errors.body = 'validation.required';
  else if (body.length < BODY_MIN) errors.body = 'schedules.validation.bodyShort';
  if (!values.contact?.id) errors.contact = 'validation.required';
  if (!values.sendAt) errors.sendAt = 'validation.required';
  else if (Number.isNaN(new Date(values.sendAt).getTime())) errors.sendAt = 'schedules.validation.badDate';
  if (intOr(values.valorIntervalo, -1) < 0) errors.valorIntervalo = 'schedules.validation.notNegative';
  if (intOr(values.valorIntervalo, 0) > 0 && intOr(values.enviarQuantasVezes, 0) < 1) errors.enviarQuantasVezes = 'schedules.validation.atLeastOne';
  if (file && !(IMAGE_TYPES.includes(file.type) || IMAGE_NAME.test(file.name || ''))) errors.file = 'schedules.validation.fileType';
  return errors;
}

const idOrNull = (value) => (value === '' || value == null ? null : Number(value));

/** The JSON of POST/PUT /schedules; sendAt as an instant (ISO, UTC). */
export function schedulePayload(values) {
  const repeats = intOr(values.valorIntervalo, 0) > 0;
  return {
    body: String(values.body).trim(),
    contactId: values.contact?.id ?? null,
    sendAt: new Date(values.sendAt).toISOString(),
    whatsappId: idOrNull(values.whatsappId),
    openTicket: values.openTicket ? 'enabled' : 'disabled',
    ticketUserId: values.openTicket ? idOrNull(values.ticketUserId) : null,
    queueId: values.openTicket ? idOrNull(values.queueId) : null,
    statusTicket: values.statusTicket || 'closed',
    intervalo: intOr(values.intervalo, 1),
    valorIntervalo: intOr(values.valorIntervalo, 0),
    enviarQuantasVezes: repeats ? intOr(values.enviarQuantasVezes, 1) : 1,
    tipoDias: intOr(values.tipoDias, 4),
    assinar: Boolean(values.openTicket && values.assinar),
  };
}

/** Dialog title: 'Erro de Envio' for ERRO, else 'Mensagem' with the capitalised status (i18n keys and values). */
export function dialogTitle(record) {
  const status = record?.status || 'PENDENTE';
  if (status === 'ERRO') return { key: 'schedules.modal.errorTitle' };
  return { key: 'schedules.modal.title', status };
}

/** The submit button shows until the schedule has made all its sends (sentAt set). */
export const canSubmit = (record) => !record?.sentAt;

/** Calendar colours by status. */
export const STATUS_COLORS = { PENDENTE: '#1976d2', AGENDADA: '#ed6c02', ENVIADA: '#2e7d32', ERRO: '#d32f2f' };

/** A schedule as a FullCalendar event: draggable until sent. */
export function eventOf(schedule) {
  const name = schedule.contact?.name || '';
  return {
    id: String(schedule.id),
    title: name ? `${name}: ${schedule.body}` : schedule.body,
    start: schedule.sendAt,
    allDay: false,
    color: STATUS_COLORS[schedule.status] || STATUS_COLORS.PENDENTE,
    editable: canSubmit(schedule) && schedule.status !== 'AGENDADA',
    extendedProps: { schedule },
  };
}

/** The PUT of a drag: the new sendAt alone. */
export const movedPayload = (start) => ({ sendAt: new Date(start).toISOString() });

/** The contactId of /schedules?contactId= (a positive integer), or null. */
export function contactIdParam(search) {
  const value = new URLSearchParams(search).get('contactId');
  const n = Number(value);
  return value && Number.isInteger(n) && n > 0 ? n : null;
}

/** What to do with the image after saving: upload a chosen file, or delete a removed one. */
export function mediaAction({ file, removed, hadMedia }) {
  if (file) return 'upload';
  if (removed && hadMedia) return 'delete';
  return 'none';
}
