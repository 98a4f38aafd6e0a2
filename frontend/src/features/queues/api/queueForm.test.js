import { describe, expect, it } from 'vitest';
import i18n from '../../../i18n';
import { ROTATION_MINUTES, colorInUse, queuePayload, queueToForm, tabOf, validateQueue } from './queueForm';

const valid = { ...queueToForm(null, () => 0), name: 'Vendas', color: '#2196F3' };
const queues = [{ id: 1, name: 'Suporte', color: '#F44336' }, { id: 2, name: 'Vendas', color: '#2196F3' }];

describe('queue form', () => {
  it('offers the spec rotation minutes', () => {
    expect(ROTATION_MINUTES).toEqual([2, 5, 10, 15, 30, 45, 60]);
  });

  it('starts a new queue with a random colour and rotation off', () => {
    const form = queueToForm(null, () => 0);
    expect(form).toMatchObject({ color: '#000000', ativarRoteador: false, tempoRoteador: 2, closeTicket: false, orderQueue: '' });
    expect(queueToForm({ id: 1, tempoRoteador: 30, ativarRoteador: true, color: '#FFF' })).toMatchObject({ tempoRoteador: 30, ativarRoteador: true, color: '#FFF' });
    expect(queueToForm({ id: 1, tempoRoteador: 0 }).tempoRoteador).toBe(2);
  });

  it('bounds the name to 2..50 and the colour to 3..9', () => {
    expect(validateQueue(valid)).toEqual({});
    expect(validateQueue({ ...valid, name: 'V' }).name).toBe('validation.tooShort');
    expect(validateQueue({ ...valid, name: 'V'.repeat(51) }).name).toBe('validation.tooLong');
    expect(validateQueue({ ...valid, name: '' }).name).toBe('validation.required');
    expect(validateQueue({ ...valid, color: '#f' }).color).toBe('validation.tooShort');
    expect(validateQueue({ ...valid, color: '#1234567890' }).color).toBe('validation.tooLong');
    expect(validateQueue({ ...valid, orderQueue: '1.5' }).orderQueue).toBe('queues.validation.wholeNumber');
  });

  it("refuses another queue's colour but not the queue's own", () => {
    expect(colorInUse('#f44336', queues, null)).toBe(true);
    expect(colorInUse('#2196F3', queues, 2)).toBe(false);
    const errors = validateQueue({ ...valid, color: '#F44336', greetingMessage: 'Olá' }, { queues, id: 2 });
    expect(i18n.t(errors.color)).toBe('Esta cor já está em uso, escolha outra.');
    expect(validateQueue({ ...valid, greetingMessage: 'Olá' }, { queues, id: 2 })).toEqual({});
  });

  it('wants a greeting, and says why on its field, once the company has another queue', () => {
    expect(validateQueue(valid, { queues: [], id: null })).toEqual({});
    expect(validateQueue(valid, { queues: [queues[1]], id: 2 })).toEqual({});
    const errors = validateQueue({ ...valid, greetingMessage: '  ' }, { queues: [queues[0]], id: null });
    expect(errors).toEqual({ greetingMessage: 'backendErrors.ERR_WAPP_GREETING_REQUIRED' });
    expect(i18n.t(errors.greetingMessage)).toBe('A mensagem de saudação é obrigatória quando há mais de uma fila.');
  });

  it('sends numbers and flags', () => {
    expect(queuePayload({ ...valid, name: ' Vendas ', orderQueue: '3', ativarRoteador: true, tempoRoteador: 15 }))
      .toMatchObject({ name: 'Vendas', orderQueue: 3, ativarRoteador: true, tempoRoteador: 15, closeTicket: false });
    expect(queuePayload(valid).orderQueue).toBe(0);
  });
});

describe('queue hours and file list', () => {
  it('starts with the default hours and no file list; keeps what the queue has', () => {
    const form = queueToForm(null, () => 0);
    expect(form.fileListId).toBe('');
    expect(form.schedules).toHaveLength(7);
    expect(form.schedules[0]).toMatchObject({ weekdayEn: 'monday', startTimeA: '08:00', endTimeB: '18:00' });
    const saved = queueToForm({ id: 3, fileListId: 5, schedules: [{ weekdayEn: 'friday', startTimeA: '10:00', endTimeA: '', startTimeB: '', endTimeB: '' }] });
    expect(saved.fileListId).toBe(5);
    expect(saved.schedules[4]).toMatchObject({ startTimeA: '10:00', endTimeA: '' });
  });

  it('with hours per queue wants the out-of-hours message and valid hours', () => {
    const schedules = queueToForm(null).schedules.map((e, i) => (i === 1 ? { ...e, startTimeA: '25:00' } : e));
    const errors = validateQueue({ ...valid, schedules }, { showSchedules: true });
    expect(errors).toEqual({ outOfHoursMessage: 'queues.validation.outOfHoursRequired', 'tuesday.startTimeA': 'hours.validation.time' });
    expect(validateQueue({ ...valid, schedules }, { showSchedules: false })).toEqual({});
    expect(validateQueue({ ...valid, outOfHoursMessage: 'Fechado' }, { showSchedules: true })).toEqual({});
  });

  it('says which tab holds a field', () => {
    expect(tabOf('tuesday.startTimeA', { showSchedules: true })).toBe('schedules');
    expect(tabOf('outOfHoursMessage', { showSchedules: true })).toBe('schedules');
    expect(tabOf('outOfHoursMessage', { showSchedules: false })).toBe('data');
    expect(tabOf('tempoRoteador')).toBe('rotation');
    expect(tabOf('name')).toBe('data');
  });

  it('sends the edited hours only while they show, else keeps the stored ones', () => {
    const form = { ...valid, fileListId: '5', schedules: queueToForm(null).schedules };
    const shown = queuePayload(form, { showSchedules: true, stored: null });
    expect(shown.schedules).toHaveLength(7);
    expect(shown.fileListId).toBe(5);
    expect(shown.integrationId).toBeNull();
    expect(queuePayload(form, { showSchedules: false, stored: null }).schedules).toEqual([]);
    const stored = { integrationId: 8, schedules: [{ weekday: 'Sábado', weekdayEn: 'saturday', startTimeA: '09:00', endTimeA: '12:00', startTimeB: '', endTimeB: '' }] };
    const kept = queuePayload({ ...form, fileListId: '', integrationId: 8 }, { showSchedules: false, stored });
    expect(kept.schedules).toEqual(stored.schedules);
    expect(kept.integrationId).toBe(8);
    expect(queuePayload({ ...form, integrationId: '' }, { stored }).integrationId).toBeNull();
    expect(queueToForm(stored).integrationId).toBe(8);
    expect(kept.fileListId).toBeNull();
  });
});
