import { act } from 'react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { allByTestId, render } from '../../../test/render';
import { fetcher } from '../../../services/api';
import ScheduleList from './ScheduleList';

const listeners = new Set();
const emit = (data) => act(() => [...listeners].forEach((listener) => listener(data)));

vi.mock('../../../services/api', () => ({
  api: { get: vi.fn(), post: vi.fn(), put: vi.fn(), delete: vi.fn() },
  fetcher: vi.fn(),
}));
vi.mock('../../../hooks/useCompanyEvent', async () => {
  const { useEffect, useRef } = await import('react');
  return {
    default: (name, handler) => {
      const ref = useRef(handler);
      ref.current = handler;
      useEffect(() => {
        if (name !== 'schedule') return undefined;
        const listener = (data) => ref.current(data);
        listeners.add(listener);
        return () => listeners.delete(listener);
      }, [name]);
    },
  };
});

const flush = () => act(async () => {});
const row = (id, status = 'PENDENTE') => ({ id, contactId: 3, contact: { name: 'Maria' }, body: `Lembrete ${id}`,
  sendAt: '2026-11-26T13:00:00Z', status, whatsapp: { name: 'Sandbox' } });

describe('ScheduleList', () => {
  let view;
  beforeEach(() => fetcher.mockResolvedValue({ schedules: [row(1), row(2, 'ERRO')], hasMore: false }));
  afterEach(() => {
    view?.unmount();
    vi.clearAllMocks();
  });

  it('lists the page with contact, text, connection and status, and asks GET /schedules for it', async () => {
    view = render(<ScheduleList contactId={3} onEdit={() => {}} />);
    await flush();
    expect(fetcher).toHaveBeenCalledWith(['/schedules', { contactId: 3, pageNumber: 1 }]);
    const rows = allByTestId('schedule-row');
    expect(rows.map((r) => r.dataset.status)).toEqual(['PENDENTE', 'ERRO']);
    expect(rows[0].textContent).toContain('Maria');
    expect(rows[0].textContent).toContain('Lembrete 1');
    expect(rows[0].textContent).toContain('Sandbox');
    expect(rows[1].textContent).toContain('Erro');
  });

  it('follows the schedule events: new on top, changed in place, deleted gone', async () => {
    view = render(<ScheduleList onEdit={() => {}} />);
    await flush();
    await emit({ action: 'create', schedule: row(9) });
    await emit({ action: 'update', schedule: { ...row(1), status: 'ENVIADA' } });
    await emit({ action: 'delete', scheduleId: 2 });
    const rows = allByTestId('schedule-row');
    expect(rows.map((r) => [r.dataset.id, r.dataset.status])).toEqual([['9', 'PENDENTE'], ['1', 'ENVIADA']]);
  });
});
