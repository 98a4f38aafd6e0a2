/** A connection's service hours (spec/2 §3 schedule entry, §9 default 08:00-12:00 and 13:00-18:00). */

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

/** Every weekday once, in order, from what a connection holds (missing days get the defaults). */
export function schedulesOf(list) {
  const byDay = Object.fromEntries((Array.isArray(list) ? list : []).map((entry) => [entry.weekdayEn, entry]));
  return DEFAULT_SCHEDULES.map((fallback) => {
    const entry = byDay[fallback.weekdayEn];
    if (!entry) return { ...fallback };
    return { ...fallback, ...Object.fromEntries(TIME_FIELDS.map((field) => [field, entry[field] ?? ''])) };
  });
}

/**
 * Errors as { 'weekdayEn.field': i18n key }: a filled time must be a valid HH:MM; an empty one
 * closes that shift.
 */
export function scheduleErrors(schedules) {
  const errors = {};
  schedules.forEach((entry) => {
    TIME_FIELDS.forEach((field) => {
      const value = entry[field];
      if (value && !validTime(value)) errors[`${entry.weekdayEn}.${field}`] = 'connections.validation.time';
    });
  });
  return errors;
}
