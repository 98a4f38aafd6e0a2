import { randomColor } from '../../../utils/colors';
import { hasSchedules, isScheduleKey, scheduleErrors, schedulesOf, schedulesPayload } from '../../hours/api/schedules';

/** Minutes a queue may rotate tickets between attendants (spec/2 §9). */
export const ROTATION_MINUTES = [2, 5, 10, 15, 30, 45, 60];
export const DEFAULT_ROTATION = ROTATION_MINUTES[0];

export const QUEUE_RULES = { name: { min: 2, max: 50 }, color: { min: 3, max: 9 } };

/** Form values of a queue; a new one gets a random colour and the first rotation time. */
export function queueToForm(queue, random = Math.random) {
  const minutes = Number(queue?.tempoRoteador);
  return {
    name: queue?.name ?? '',
    color: queue?.color || randomColor(random),
    orderQueue: queue?.orderQueue ?? '',
    greetingMessage: queue?.greetingMessage ?? '',
    outOfHoursMessage: queue?.outOfHoursMessage ?? '',
    closeTicket: Boolean(queue?.closeTicket),
    ativarRoteador: Boolean(queue?.ativarRoteador),
    tempoRoteador: ROTATION_MINUTES.includes(minutes) ? minutes : DEFAULT_ROTATION,
    fileListId: queue?.fileListId || '',
    integrationId: queue?.integrationId || '',
    // A queue without hours edits the defaults (08:00-12:00, 13:00-18:00).
    schedules: schedulesOf(queue?.schedules),
  };
}

const sameColor = (a, b) => String(a ?? '').trim().toLowerCase() === String(b ?? '').trim().toLowerCase();

/** True when another queue of the list already has this colour. */
export const colorInUse = (color, queues, ownId) => (queues || []).some((q) => q.id !== ownId && sameColor(q.color, color));

function length(value, { min, max }) {
  const text = String(value ?? '').trim();
  if (!text) return 'validation.required';
  if (text.length < min) return 'validation.tooShort';
  if (text.length > max) return 'validation.tooLong';
  return null;
}

/**
 * Field errors (i18n keys): name 2..50, colour 3..9 and not another queue's, order a whole
 * number, and a greeting once the company has another queue (spec/2: greeting required when
 * more than one queue exists; the server says ERR_WAPP_GREETING_REQUIRED). With hours per queue
 * (showSchedules: scheduleType "queue") the out-of-hours message is required and the hours valid.
 */
export function validateQueue(values, { queues = [], id = null, showSchedules = false } = {}) {
  const errors = {};
  if ((queues || []).some((q) => q.id !== id) && !String(values.greetingMessage ?? '').trim()) {
    errors.greetingMessage = 'backendErrors.ERR_WAPP_GREETING_REQUIRED';
  }
  const name = length(values.name, QUEUE_RULES.name);
  if (name) errors.name = name;
  const color = length(values.color, QUEUE_RULES.color);
  if (color) errors.color = color;
  else if (colorInUse(values.color, queues, id)) errors.color = 'backendErrors.ERR_QUEUE_COLOR_ALREADY_EXISTS';
  const order = String(values.orderQueue ?? '').trim();
  if (order && !/^\d+$/.test(order)) errors.orderQueue = 'queues.validation.wholeNumber';
  if (values.ativarRoteador && !ROTATION_MINUTES.includes(Number(values.tempoRoteador))) errors.tempoRoteador = 'validation.required';
  if (showSchedules) {
    if (!String(values.outOfHoursMessage ?? '').trim()) errors.outOfHoursMessage = 'queues.validation.outOfHoursRequired';
    Object.assign(errors, scheduleErrors(values.schedules));
  }
  return errors;
}

/** The modal's tab that holds a field (to show the first error). */
export function tabOf(field, { showSchedules = false } = {}) {
  if (showSchedules && (field === 'outOfHoursMessage' || field === 'schedules' || isScheduleKey(field))) return 'schedules';
  if (field === 'ativarRoteador' || field === 'tempoRoteador') return 'rotation';
  return 'data';
}

/**
 * Body of POST /queue and PUT /queue/{id}. The hours are sent as edited while the hours tab shows
 * (showSchedules); otherwise the queue keeps what it had (stored; none for a new queue).
 */
export function queuePayload(values, { showSchedules = false, stored = null } = {}) {
  const order = String(values.orderQueue ?? '').trim();
  return {
    name: values.name.trim(),
    color: values.color.trim(),
    orderQueue: order ? Number(order) : 0,
    greetingMessage: values.greetingMessage,
    outOfHoursMessage: values.outOfHoursMessage,
    closeTicket: Boolean(values.closeTicket),
    ativarRoteador: Boolean(values.ativarRoteador),
    tempoRoteador: Number(values.tempoRoteador) || DEFAULT_ROTATION,
    fileListId: values.fileListId ? Number(values.fileListId) : null,
    // The select shows only with the plan's integrations; without it the stored one stays.
    integrationId: values.integrationId !== undefined ? (Number(values.integrationId) || null) : (stored?.integrationId || null),
    schedules: showSchedules ? schedulesPayload(values.schedules) : schedulesPayload(hasSchedules(stored?.schedules) ? stored.schedules : []),
  };
}
