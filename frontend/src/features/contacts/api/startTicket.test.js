import { describe, expect, it } from 'vitest';
import i18n from '../../../i18n';
import { initialConnectionId, initialQueueId, queueChoices, startTicketErrors, startTicketPayload } from './startTicket';

const queues = [{ id: 1, name: 'Vendas' }, { id: 2, name: 'Suporte' }];

describe('start ticket', () => {
  it('offers every queue to admins and their own queues to users', () => {
    expect(queueChoices({ profile: 'admin', queues: [{ id: 2 }] }, queues)).toEqual(queues);
    expect(queueChoices({ profile: 'user', queues: [{ id: 2 }] }, queues)).toEqual([queues[1]]);
    expect(queueChoices({ profile: 'user', queues: [] }, queues)).toEqual(queues);
    expect(queueChoices({ profile: 'user' }, undefined)).toEqual([]);
  });

  it('preselects a single queue and the default connection', () => {
    expect(initialQueueId([queues[0]])).toBe(1);
    expect(initialQueueId(queues)).toBe('');
    expect(initialConnectionId({}, [{ id: 4 }, { id: 5, isDefault: true }])).toBe(5);
    expect(initialConnectionId({ whatsappId: 4 }, [{ id: 4 }, { id: 5, isDefault: true }])).toBe(4);
    expect(initialConnectionId({}, [{ id: 4 }, { id: 6 }])).toBe('');
  });

  it('needs a queue and a connection', () => {
    const errors = startTicketErrors({ queueId: '', whatsappId: '' });
    expect(Object.keys(errors)).toEqual(['queueId', 'whatsappId']);
    expect(i18n.t(errors.queueId)).toBe('Selecione uma fila');
    expect(startTicketErrors({ queueId: 1, whatsappId: 2 })).toEqual({});
  });

  it('opens the ticket for the current user', () => {
    expect(startTicketPayload({ contactId: 3, queueId: 1, whatsappId: 2, userId: 9 }))
      .toEqual({ contactId: 3, queueId: 1, whatsappId: 2, userId: 9, status: 'open' });
  });
});
