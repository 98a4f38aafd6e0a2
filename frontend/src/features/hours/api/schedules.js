/**
 * Weekly service hours of a connection, a queue or the company (spec/2 §3 schedule entry, §9
 * default 08:00-12:00 and 13:00-18:00; pkg/hours on the server). Pure.
 */

export const WEEKDAYS = [
  { weekday: 'Segunda-feira', weekdayEn: 'monday' },
  { weekday: 'Terça-feira', weekdayEn: 'tuesday' },
  { weekday: 'Quarta-feira', weekdayEn: 'wednesday' },
  { weekday: 'Quinta-feira', weekdayEn: 'thursday' },
  { weekday: 'Sexta-feira', weekdayEn: 'friday' },
  { weekday: 'Sábado', weekdayEn: 'saturday' },
  { weekday: 'Domingo', weekdayEn: 'sunday' },
];

export const TIME_FIELDS = ['startTimeA', 'endTimeA', 'startTimeB', 'endTimeB'];

export const DEFAULT_SCHEDULES = WEEKDAYS.map((day) => ({
  ...day, startTimeA: '08:00', endTimeA: '12:00', startTimeB: '13:00', endTimeB: '18:00',
}));

/** The ##:## mask: keeps up to four digits and puts the colon after the second. */
export function maskTime(value) {
  const digits = String(value ?? '').replace(/\D/g, '').slice(0, 4);
  return digits.length > 2 ? `${digits.slice(0, 2)}:${digits.slice(2)}` : digits;
}

export const validTime = (value) => /^([01]\d|2[0-3]):[0-5]\d$/.test(String(value ?? ''));

/** True when the list holds at least one entry (a record that never had hours holds none). */
export const hasSchedules = (list) => Array.isArray(list) && list.length > 0;

/** Every weekday once, in order, from what a record holds (missing days get the defaults). */
export function schedulesOf(list) {
  const byDay = Object.fromEntries((Array.isArray(list) ? list : []).map((entry) => [entry.weekdayEn, entry]));
  return DEFAULT_SCHEDULES.map((fallback) => {
    const entry = byDay[fallback.weekdayEn];
    if (!entry) return { ...fallback };
    return { ...fallback, ...Object.fromEntries(TIME_FIELDS.map((field) => [field, entry[field] ?? ''])) };
  });
}

/** One time of one weekday changed (typed through the mask). */
export const withTime = (list, weekdayEn, field, value) =>
  list.map((entry) => (entry.weekdayEn === weekdayEn ? { ...entry, [field]: maskTime(value) } : entry));

const minutes = (time) => Number(time.slice(0, 2)) * 60 + Number(time.slice(3));

/**
 * Errors as { 'weekdayEn.field': i18n key }: a filled time must be a valid HH:MM and a shift's
 * end must differ from its start; an empty time closes that shift (the server's rule). An end
 * before the start is a night shift that runs into the next morning (nightShift).
 */
export function scheduleErrors(schedules) {
  const errors = {};
  (schedules || []).forEach((entry) => {
    TIME_FIELDS.forEach((field) => {
      const value = entry[field];
      if (value && !validTime(value)) errors[`${entry.weekdayEn}.${field}`] = 'hours.validation.time';
    });
    ['A', 'B'].forEach((shift) => {
      const start = entry[`startTime${shift}`];
      const end = entry[`endTime${shift}`];
      const key = `${entry.weekdayEn}.endTime${shift}`;
      if (!errors[key] && validTime(start) && validTime(end) && minutes(end) === minutes(start)) errors[key] = 'hours.validation.order';
    });
  });
  return errors;
}

/** True when the shift ends on the next day (its end is before its start). */
export function nightShift(entry, shift) {
  const start = entry[`startTime${shift}`];
  const end = entry[`endTime${shift}`];
  return validTime(start) && validTime(end) && minutes(end) < minutes(start);
}

/** The entries as the server stores them (no form-only keys). */
export const schedulesPayload = (list) => (list || []).map(({ weekday, weekdayEn, startTimeA, endTimeA, startTimeB, endTimeB }) => ({
  weekday, weekdayEn, startTimeA, endTimeA, startTimeB, endTimeB,
}));

/**
 * Server field errors keyed as the editor shows them: `schedules[i].field` (pkg/hours) becomes
 * `weekdayEn.field` of the i-th entry sent; other keys stay.
 */
export function scheduleFieldErrors(fields, schedules) {
  return Object.fromEntries(Object.entries(fields || {}).map(([key, message]) => {
    const match = /^schedules\[(\d+)\]\.(\w+)$/.exec(key);
    const day = match && schedules?.[Number(match[1])];
    return [day ? `${day.weekdayEn}.${match[2]}` : key, message];
  }));
}

/** True when a form error key belongs to the hours table. */
export const isScheduleKey = (key) => /^(monday|tuesday|wednesday|thursday|friday|saturday|sunday)\./.test(key);

/** The editor's props bound to a useForm form whose `name` value holds the entries. */
export function hoursProps(form, name = 'schedules') {
  return {
    value: form.values[name],
    errors: form.errors,
    onChange: (entries, key) => {
      form.setValues((current) => ({ ...current, [name]: entries }));
      if (form.errors[key]) form.setErrors((current) => ({ ...current, [key]: undefined }));
    },
  };
}
