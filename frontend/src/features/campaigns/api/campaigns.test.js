import { describe, expect, it } from 'vitest';
import { canCancel, canDelete, canRestart, campaignsAllowed, isEditable, waitingReason } from './campaignRules';
import { campaignPayload, campaignToForm, tabOfErrors, validateCampaign, CAMPAIGN_DEFAULTS } from './campaignForm';
import { loosened, parseWarmup, settingsPayload, settingsToForm, validateSettings, SETTINGS_DEFAULTS } from './campaignSettings';
import { cards, cumulative, shippingState } from './report';

const NOW = Date.parse('2026-11-25T13:00:00Z');
const at = (ms) => new Date(NOW + ms).toISOString();

describe('campaign states (spec/3 §4)', () => {
  it.each([
    [{ status: 'INATIVA' }, true],
    [{ status: 'CANCELADA' }, true],
    [{ status: 'PROGRAMADA', scheduledAt: at(2 * 3600e3) }, true],
    [{ status: 'PROGRAMADA', scheduledAt: at(30 * 60e3) }, false],
    [{ status: 'PROGRAMADA', scheduledAt: at(3600e3) }, false],
    [{ status: 'EM_ANDAMENTO' }, false],
    [{ status: 'FINALIZADA' }, false],
    [null, true],
  ])('%o editable: %s', (record, want) => {
    expect(isEditable(record, NOW)).toBe(want);
  });

  it('offers cancel while running or scheduled, restart when canceled, delete unless running', () => {
    expect(canCancel({ status: 'EM_ANDAMENTO' })).toBe(true);
    expect(canCancel({ status: 'FINALIZADA' })).toBe(false);
    expect(canRestart({ status: 'CANCELADA' })).toBe(true);
    expect(canRestart({ status: 'EM_ANDAMENTO' })).toBe(false);
    expect(canDelete({ status: 'EM_ANDAMENTO' })).toBe(false);
    expect(canDelete({ status: 'FINALIZADA' })).toBe(true);
  });

  it('is for admins on a plan with campaigns', () => {
    const plan = { useCampaigns: true };
    expect(campaignsAllowed({ profile: 'admin', company: { plan } })).toBe(true);
    expect(campaignsAllowed({ profile: 'user', company: { plan } })).toBe(false);
    expect(campaignsAllowed({ profile: 'admin', company: { plan: { useCampaigns: false } } })).toBe(false);
  });

  it('says why it waits', () => {
    expect(waitingReason({ status: 'EM_ANDAMENTO', waitReason: 'interval' })).toBeNull();
    expect(waitingReason({ status: 'EM_ANDAMENTO', waitReason: 'dailyCap', waitDetail: { cap: 50, sent: 50, warmupDay: 1 }, waitUntil: 'x' }))
      .toEqual({ key: 'campaigns.wait.dailyCap', values: { cap: 50, sent: 50, warmupDay: 1, until: 'x' }, severity: 'warning' });
    expect(waitingReason({ status: 'CANCELADA', pausedReason: 'failures', waitDetail: { failed: 12 } }).key).toBe('campaigns.wait.paused.failures');
    expect(waitingReason({ status: 'PROGRAMADA', scheduledAt: 'y' }).key).toBe('campaigns.wait.scheduled');
    expect(waitingReason({ status: 'FINALIZADA' })).toBeNull();
  });
});

describe('campaign dialog (spec/3 §5)', () => {
  const valid = { ...CAMPAIGN_DEFAULTS, name: 'Promo', message1: 'Oi {nome}', whatsappId: 3, contactListId: 9 };

  it('accepts a complete form', () => {
    expect(validateCampaign(valid)).toEqual({});
  });

  it.each([
    [{ name: '' }, 'name', 'validation.required'],
    [{ name: 'A' }, 'name', 'campaigns.form.tooShort'],
    [{ name: 'x'.repeat(51) }, 'name', 'campaigns.form.tooLong'],
    [{ whatsappId: '' }, 'whatsappId', 'validation.required'],
    [{ userId: 4, queueId: '' }, 'queueId', 'campaigns.form.queueForUser'],
    [{ contactListId: '', tagListId: '' }, 'contactListId', 'campaigns.form.audience'],
    [{ message1: '  ' }, 'message1', 'campaigns.form.needsMessage'],
    [{ confirmation: true }, 'confirmationMessage1', 'campaigns.form.needsConfirmation'],
  ])('%o → %s', (change, field, key) => {
    expect(validateCampaign({ ...valid, ...change })[field]).toBe(key);
  });

  it('takes a file instead of a text, and a tag instead of a list', () => {
    expect(validateCampaign({ ...valid, message1: '' }, { hasMedia: true })).toEqual({});
    expect(validateCampaign({ ...valid, contactListId: '', tagListId: 5 })).toEqual({});
  });

  it('round-trips a record', () => {
    const record = { ...valid, id: 1, scheduledAt: '2026-11-26T12:30:00.000Z', tagListId: null, userId: null, queueId: null };
    const form = campaignToForm(record);
    expect(form.tagListId).toBe('');
    const payload = campaignPayload(form);
    expect(payload.scheduledAt).toBe('2026-11-26T12:30:00.000Z');
    expect(payload.tagListId).toBeNull();
    expect(payload.whatsappId).toBe(3);
    expect(campaignPayload({ ...form, scheduledAt: '' }).scheduledAt).toBeNull();
  });

  it('opens the tab holding the first error', () => {
    expect(tabOfErrors({ confirmationMessage1: 'x' })).toBe('confirmation');
    expect(tabOfErrors({ message1: 'x' })).toBe('messages');
    expect(tabOfErrors({ name: 'x' })).toBe('general');
  });
});

describe('campaign settings', () => {
  it('reads the key/value list over the defaults', () => {
    const form = settingsToForm([{ key: 'messageInterval', value: 30 }, { key: 'governorWarmup', value: [10, 20] }, { key: 'unknown', value: 1 }]);
    expect(form.messageInterval).toBe(30);
    expect(form.governorWarmup).toBe('10, 20');
    expect(form.startHour).toBe('09:00');
    expect(form.unknown).toBeUndefined();
  });

  it('parses the warm-up', () => {
    expect(parseWarmup('50, 100;200 400')).toEqual([50, 100, 200, 400]);
    expect(parseWarmup('50, x')).toBeNull();
    expect(parseWarmup('')).toBeNull();
    expect(parseWarmup('0')).toBeNull();
  });

  it('checks hours, limits and variables', () => {
    const base = settingsToForm([]);
    expect(validateSettings(base)).toEqual({});
    expect(validateSettings({ ...base, startHour: '9h' }).startHour).toBeDefined();
    expect(validateSettings({ ...base, governorPerMinute: 61 }).governorPerMinute).toBeDefined();
    expect(validateSettings({ ...base, governorMaxFailurePct: 101 }).governorMaxFailurePct).toBeDefined();
    expect(validateSettings({ ...base, variables: [{ key: 'nome', value: 'x' }] }).variables).toBeDefined();
    expect(validateSettings({ ...base, variables: [{ key: 'a', value: 'x' }, { key: 'a', value: 'y' }] }).variables).toBeDefined();
  });

  it('asks before loosening the governor', () => {
    const safe = settingsPayload(settingsToForm([]));
    expect(loosened(safe)).toEqual([]);
    expect(loosened({ ...safe, governorWarmup: [50, 500] })).toEqual(['governorWarmup']);
    expect(loosened({ ...safe, governorPerMinute: 30, governorMinDeliveredPct: 10 })).toEqual(['governorPerMinute', 'governorMinDeliveredPct']);
    expect(loosened({ ...safe, governorWarmup: [20, 40], governorPerMinute: 5 })).toEqual([]);
    expect(SETTINGS_DEFAULTS.governorPerMinute).toBe(10);
  });
});

describe('report', () => {
  it('shows counts with their share, confirmed only with confirmation', () => {
    const counts = { total: 4, toSend: 1, sent: 2, delivered: 2, read: 1, confirmed: 1, failed: 1 };
    expect(cards(counts).map((c) => c.key)).toEqual(['toSend', 'sent', 'delivered', 'read', 'failed']);
    expect(cards(counts, { confirmation: true }).find((c) => c.key === 'sent')).toEqual({ key: 'sent', value: 2, percent: 50 });
    expect(cards({}).every((c) => c.value === 0 && c.percent === 0)).toBe(true);
  });

  it('accumulates the chart', () => {
    const out = cumulative([{ at: '2026-11-25T13:00:00Z', sent: 2, delivered: 1, read: 0, failed: 0 },
      { at: '2026-11-25T13:01:00Z', sent: 3, delivered: 2, read: 1, failed: 1 }]);
    expect(out[1]).toMatchObject({ sent: 5, delivered: 3, read: 1, failed: 1 });
  });

  it.each([
    [{ failedAt: 'x', ack: 3 }, 'failed'],
    [{ ack: 3, deliveredAt: 'x' }, 'read'],
    [{ ack: 2, deliveredAt: 'x' }, 'delivered'],
    [{ ack: 1, deliveredAt: 'x' }, 'sent'],
    [{ confirmedAt: 'x' }, 'confirmed'],
    [{ confirmationRequestedAt: 'x' }, 'asked'],
    [{}, 'toSend'],
  ])('shipping %o is %s', (s, want) => {
    expect(shippingState(s)).toBe(want);
  });
});
