/**
 * The sandbox's pretend time. The bot reads business hours in the company's time zone, so
 * presets and the picker speak wall times of that zone ('YYYY-MM-DDTHH:mm'), which the server
 * reads in the same zone; the browser's own zone never matters.
 */

const pad = (n) => String(n).padStart(2, '0');
const WEEKDAYS = ['Sun', 'Mon', 'Tue', 'Wed', 'Thu', 'Fri', 'Sat'];

/** Wall-clock parts of an instant in a time zone: { year, month, day, hour, minute, weekday (0 = Sunday) }. */
export function wallParts(ms, timeZone) {
  let parts;
  try {
    parts = new Intl.DateTimeFormat('en-US', {
      timeZone: timeZone || undefined, year: 'numeric', month: '2-digit', day: '2-digit', hour: '2-digit', minute: '2-digit',
      weekday: 'short', hourCycle: 'h23',
    }).formatToParts(new Date(ms));
  } catch {
    return wallParts(ms, undefined); // an unknown zone name: the browser's
  }
  const get = (type) => parts.find((p) => p.type === type)?.value;
  return {
    year: Number(get('year')), month: Number(get('month')), day: Number(get('day')),
    hour: Number(get('hour')) % 24, minute: Number(get('minute')), weekday: WEEKDAYS.indexOf(get('weekday')),
  };
}

/** 'YYYY-MM-DDTHH:mm' of an instant in a zone (the datetime-local input's value). */
export function wallText(ms, timeZone) {
  const p = wallParts(ms, timeZone);
  return `${p.year}-${pad(p.month)}-${pad(p.day)}T${pad(p.hour)}:${pad(p.minute)}`;
}

/** The date `days` after a wall date, as 'YYYY-MM-DD' (calendar arithmetic, no zone). */
function addDays({ year, month, day }, days) {
  const date = new Date(Date.UTC(year, month - 1, day + days));
  return `${date.getUTCFullYear()}-${pad(date.getUTCMonth() + 1)}-${pad(date.getUTCDate())}`;
}

/**
 * Presets of the pretend-time menu: the real clock, and typical moments to try business
 * hours (today at night, the coming Saturday night and Sunday, the coming Monday morning).
 * weekday: the preset's day of the week (0 = Sunday), 'today' or 'tomorrow'.
 */
export const CLOCK_PRESETS = [
  { key: 'real' },
  { key: 'today22', weekday: 'today', time: '22:00' },
  { key: 'tomorrow07', weekday: 'tomorrow', time: '07:00' },
  { key: 'saturday22', weekday: 6, time: '22:00' },
  { key: 'sunday10', weekday: 0, time: '10:00' },
  { key: 'monday10', weekday: 1, time: '10:00' },
];

/** The wall time a preset stands for now (null for the real clock). */
export function presetAt(preset, nowMs, timeZone) {
  if (!preset?.time) return null;
  const today = wallParts(nowMs, timeZone);
  let days = 0;
  if (preset.weekday === 'tomorrow') days = 1;
  else if (typeof preset.weekday === 'number') days = (preset.weekday - today.weekday + 7) % 7;
  return `${addDays(today, days)}T${preset.time}`;
}

/** The pretend instant now, for an offset in seconds. */
export const pretendNow = (offsetSeconds, nowMs = Date.now()) => nowMs + (Number(offsetSeconds) || 0) * 1000;

/** Whether the sandbox runs on a pretend time (a shift of a minute or more). */
export const isShifted = (clock) => Math.abs(Number(clock?.clockOffset) || 0) >= 60;

/** The pretend time as the badge shows it: weekday, date and hour in the company's zone. */
export function formatPretend(ms, timeZone, language) {
  const options = { weekday: 'short', day: '2-digit', month: '2-digit', hour: '2-digit', minute: '2-digit', hourCycle: 'h23' };
  try {
    return new Intl.DateTimeFormat(language || undefined, { ...options, timeZone: timeZone || undefined }).format(new Date(ms));
  } catch {
    return new Intl.DateTimeFormat(undefined, options).format(new Date(ms));
  }
}

/**
 * Where the hours the bot checks are configured, by the company's scheduleType: the
 * company's table (Settings → Schedules), the connection's (its Schedules tab), each
 * queue's (Queues), or nowhere (hours off: the scheduleType option of Settings).
 */
export function hoursLink(scheduleType, connectionId) {
  switch (scheduleType) {
    case 'company':
      return { mode: 'company', to: '/settings?tab=schedules' };
    case 'connection':
      return { mode: 'connection', to: `/connections?edit=${connectionId}&tab=schedules` };
    case 'queue':
      return { mode: 'queue', to: '/queues' };
    default:
      return { mode: 'off', to: '/settings?tab=options' };
  }
}
