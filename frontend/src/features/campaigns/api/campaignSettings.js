/** The campaign settings page (spec/3 §3, §9) and the governor's limits. */

export const INTERVALS = Array.from({ length: 121 }, (_, i) => i); // messageInterval 0–120 s
export const LONGER_AFTER = Array.from({ length: 61 }, (_, i) => i); // 0–60 messages
export const GREATER = [0, ...Array.from({ length: 161 }, (_, i) => i + 20)]; // 0 and 20–180 s

export const SETTINGS_DEFAULTS = {
  messageInterval: 20,
  longerIntervalAfter: 20,
  greaterInterval: 60,
  variables: [],
  sabado: false,
  domingo: false,
  startHour: '09:00',
  endHour: '18:00',
  governorWarmup: [50, 100, 200, 400, 800, 1000],
  governorPerMinute: 10,
  governorWindow: 50,
  governorMaxFailurePct: 20,
  governorMinDeliveredPct: 50,
  governorMinReadPct: 0,
};

/** GET /campaign-settings' [{ key, value }] as the form's values (defaults for what is missing). */
export function settingsToForm(list) {
  const values = { ...SETTINGS_DEFAULTS, variables: [] };
  (Array.isArray(list) ? list : []).forEach(({ key, value }) => {
    if (key in SETTINGS_DEFAULTS && value !== undefined && value !== null) values[key] = value;
  });
  return { ...values, governorWarmup: (values.governorWarmup || []).join(', ') };
}

/** "50, 100, 200" → [50, 100, 200]; null when any part is not a whole number ≥ 1. */
export function parseWarmup(text) {
  const parts = String(text ?? '').split(/[\s,;]+/).filter(Boolean);
  if (!parts.length) return null;
  const out = parts.map(Number);
  return out.every((n) => Number.isInteger(n) && n >= 1 && n <= 100000) ? out : null;
}

const HOUR = /^([01]\d|2[0-3]):[0-5]\d$/;
const KEY = /^[A-Za-z0-9_]{1,40}$/;
const RESERVED = ['nome', 'email', 'numero'];

export function validateSettings(values) {
  const errors = {};
  if (!HOUR.test(values.startHour)) errors.startHour = 'campaigns.settings.badHour';
  if (!HOUR.test(values.endHour)) errors.endHour = 'campaigns.settings.badHour';
  if (!parseWarmup(values.governorWarmup)) errors.governorWarmup = 'campaigns.settings.badWarmup';
  const perMinute = Number(values.governorPerMinute);
  if (!Number.isInteger(perMinute) || perMinute < 1 || perMinute > 60) errors.governorPerMinute = 'campaigns.settings.badPerMinute';
  ['governorMaxFailurePct', 'governorMinDeliveredPct', 'governorMinReadPct'].forEach((key) => {
    const n = Number(values[key]);
    if (!Number.isInteger(n) || n < 0 || n > 100) errors[key] = 'campaigns.settings.badPct';
  });
  const seen = new Set();
  (values.variables || []).forEach((v) => {
    if (!KEY.test(v.key || '') || RESERVED.includes(v.key) || seen.has(v.key)) errors.variables = 'campaigns.settings.badVariable';
    seen.add(v.key);
  });
  return errors;
}

export function settingsPayload(values) {
  return {
    ...values,
    messageInterval: Number(values.messageInterval),
    longerIntervalAfter: Number(values.longerIntervalAfter),
    greaterInterval: Number(values.greaterInterval),
    governorWarmup: parseWarmup(values.governorWarmup),
    governorPerMinute: Number(values.governorPerMinute),
    governorWindow: Number(values.governorWindow),
    governorMaxFailurePct: Number(values.governorMaxFailurePct),
    governorMinDeliveredPct: Number(values.governorMinDeliveredPct),
    governorMinReadPct: Number(values.governorMinReadPct),
    variables: (values.variables || []).map((v) => ({ key: v.key.trim(), value: v.value })),
  };
}

/**
 * The governor limits a save loosens beyond the safe defaults (a bigger cap on some warm-up
 * day, a higher per-minute ceiling, a laxer failure or delivery threshold): the page asks the
 * administrator to confirm them knowingly.
 */
export function loosened(payload) {
  const d = SETTINGS_DEFAULTS;
  const out = [];
  const warm = payload.governorWarmup || [];
  if (warm.some((n, i) => n > d.governorWarmup[Math.min(i, d.governorWarmup.length - 1)])) out.push('governorWarmup');
  if (payload.governorPerMinute > d.governorPerMinute) out.push('governorPerMinute');
  if (payload.governorMaxFailurePct > d.governorMaxFailurePct || payload.governorMaxFailurePct === 0) out.push('governorMaxFailurePct');
  if (payload.governorMinDeliveredPct < d.governorMinDeliveredPct) out.push('governorMinDeliveredPct');
  return out;
}
