import { describe, expect, it } from 'vitest';
import i18n from '../../../i18n';
import { ROTATION_MINUTES, colorInUse, queuePayload, queueToForm, validateQueue } from './queueForm';

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
