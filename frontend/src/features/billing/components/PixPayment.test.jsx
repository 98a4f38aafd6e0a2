import { act } from 'react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { api } from '../../../services/api';
import { byTestId, render } from '../../../test/render';
import PixPayment, { PAYMENT_POLL_MS } from './PixPayment';

vi.mock('../../../services/api', () => ({ api: { get: vi.fn() }, publicApi: { get: vi.fn() } }));
vi.mock('../../../hooks/useCompanyEvent', () => ({ default: () => {} }));

const CHARGE = { invoiceId: 11, txid: 'FATURA11', qrcode: { qrcode: '000201…6304ABCD' }, valor: { original: '49.00' } };

describe('PixPayment without the socket (an expired company\'s is closed)', () => {
  let view;
  afterEach(() => {
    view?.unmount();
    vi.useRealTimers();
    vi.clearAllMocks();
  });

  it('reads the invoice until it is paid, then shows the new due date and calls onDone after 4 s', async () => {
    vi.useFakeTimers();
    const onDone = vi.fn();
    let status = 'open';
    api.get.mockImplementation(async (path) => {
      if (path === '/invoices/11') return { id: 11, status };
      if (path === '/auth/me') return { company: { id: 7, dueDate: '2031-04-20' } };
      throw new Error(path);
    });
    view = render(<PixPayment charge={CHARGE} onDone={onDone} />);
    expect(byTestId('pix-amount').textContent).toContain('R$ 49,00');
    await act(async () => vi.advanceTimersByTime(PAYMENT_POLL_MS));
    expect(byTestId('pix-paid')).toBeNull();
    status = 'paid';
    await act(async () => vi.advanceTimersByTime(PAYMENT_POLL_MS));
    expect(byTestId('pix-paid').textContent).toContain('20/04/2031');
    await act(async () => vi.advanceTimersByTime(4000));
    expect(onDone).toHaveBeenCalledWith('2031-04-20');
  });
});
