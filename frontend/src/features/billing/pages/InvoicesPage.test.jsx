import { act } from 'react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { allByTestId, byTestId, click, render } from '../../../test/render';
import { api, fetcher } from '../../../services/api';
import InvoicesPage from './InvoicesPage';

const navigate = vi.fn();
const setUser = vi.fn();
const listeners = new Set();
const emit = (data) => [...listeners].forEach((listener) => listener(data));

vi.mock('react-router', async (importOriginal) => ({ ...(await importOriginal()), useNavigate: () => navigate }));
vi.mock('../../../services/api', () => ({
  api: { get: vi.fn(), post: vi.fn(), put: vi.fn() },
  fetcher: vi.fn(),
}));
vi.mock('../../auth/hooks/useAuth', () => ({
  useAuth: () => ({ user: { id: 5, profile: 'admin', companyId: 7, company: { id: 7, email: 'billing@acme.test', dueDate: '2031-03-20' } }, setUser }),
}));
vi.mock('../../../hooks/useCompanyEvent', async () => {
  const { useEffect, useRef } = await import('react');
  return {
    default: (name, handler) => {
      const ref = useRef(handler);
      ref.current = handler;
      useEffect(() => {
        if (name !== 'payment') return undefined;
        const listener = (data) => ref.current(data);
        listeners.add(listener);
        return () => listeners.delete(listener);
      }, [name]);
    },
  };
});

const type = (input, value) => act(() => {
  Object.getOwnPropertyDescriptor(HTMLInputElement.prototype, 'value').set.call(input, value);
  input.dispatchEvent(new Event('input', { bubbles: true }));
});
const flush = () => act(async () => {});

const OPEN = { id: 11, detail: 'Plano Pro', users: 5, connections: 2, value: 49, dueDate: '2031-03-20', status: 'open' };
const PAID = { id: 10, detail: 'Plano Pro', users: 5, connections: 2, value: 49, dueDate: '2031-02-20', status: 'paid' };
const CODE = '00020126370014br.gov.bcb.pix0115pix@atende.test5204000053039865406104.005802BR5906Atende6009Sao Paulo62100508FATURA116304ABCD';

describe('InvoicesPage and the checkout', () => {
  let view;
  beforeEach(() => {
    fetcher.mockResolvedValue({ invoices: [OPEN, PAID], count: 2, hasMore: false });
    Object.assign(navigator, { clipboard: { writeText: vi.fn().mockResolvedValue() } });
  });
  afterEach(() => {
    view?.unmount();
    vi.useRealTimers();
    vi.clearAllMocks();
  });

  it('lists the invoices with their count, state and a pay button for the open one', async () => {
    view = render(<InvoicesPage />);
    await flush();
    expect(fetcher).toHaveBeenCalledWith(['/invoices', { pageNumber: 1 }]);
    expect(byTestId('invoices-page').textContent).toContain('Faturas (2)');
    const rows = allByTestId('invoice-row');
    expect(rows.map((row) => row.dataset.status)).toEqual(['open', 'paid']);
    expect(rows[0].textContent).toContain('R$ 49,00');
    expect(rows[0].textContent).toContain('20/03/2031');
    expect(rows[1].textContent).toContain('Pago');
    expect(rows[1].querySelector('[data-testid="invoice-pay"]')).toBeNull();
    expect(byTestId('invoices-table').textContent).toContain('Vencimento');
  });

  it('walks Personalizar → Revisar → Dados, pays, shows the Pix QR and copies the code', async () => {
    api.post.mockResolvedValue({ invoiceId: 11, txid: 'FATURA11', qrcode: { qrcode: CODE }, valor: { original: '104.00' } });
    view = render(<InvoicesPage />);
    await flush();
    await click(byTestId('invoice-pay'));
    expect(byTestId('checkout-stepper').dataset.step).toBe('1'); // opens on Personalizar

    type(byTestId('checkout-users'), '2');
    await click(byTestId('checkout-choose-custom'));
    expect(byTestId('checkout-plan-custom').textContent).toContain('Mínimo de 3 usuários');
    type(byTestId('checkout-users'), '4');
    expect(byTestId('checkout-custom-price').textContent).toBe('R$ 104,00');
    await click(byTestId('checkout-choose-custom'));
    expect(byTestId('checkout-stepper').dataset.step).toBe('2');
    expect(byTestId('checkout-total').textContent).toContain('R$ 104,00');

    await click(byTestId('checkout-pay')); // no data yet: back to Dados with the spec's messages
    expect(api.post).not.toHaveBeenCalled();
    expect(byTestId('checkout-stepper').dataset.step).toBe('0');
    expect(byTestId('checkout-dialog').textContent).toContain('O nome completo é obrigatório');
    expect(byTestId('checkout-dialog').textContent).toContain('CEP é obrigatório');
    type(byTestId('checkout-firstName'), 'Ana Souza');
    type(byTestId('checkout-zipcode'), '12345678909');
    await click(byTestId('checkout-next'));
    await click(byTestId('checkout-next'));
    await click(byTestId('checkout-pay'));
    expect(api.post).toHaveBeenCalledWith('/subscription', expect.objectContaining({
      invoiceId: 11, firstName: 'Ana Souza', zipcode: '12345678909', plan: 'custom', users: 4, connections: 3, price: 104,
    }));

    expect(byTestId('pix-payment')).not.toBeNull();
    expect(byTestId('qrcode-image').dataset.value).toBe(CODE);
    expect(byTestId('pix-code').value).toBe(CODE);
    expect(byTestId('pix-amount').textContent).toContain('R$ 104,00');
    await click(byTestId('pix-copy'));
    expect(navigator.clipboard.writeText).toHaveBeenCalledWith(CODE);
  });

  it('turns paid on the payment event, marks the row and goes home after 4 s', async () => {
    api.post.mockResolvedValue({ invoiceId: 11, txid: 'FATURA11', qrcode: { qrcode: CODE }, valor: { original: '49.00' } });
    view = render(<InvoicesPage />);
    await flush();
    await click(byTestId('invoice-pay'));
    await click(byTestId('checkout-choose-current'));
    await click(byTestId('checkout-back'));
    await click(byTestId('checkout-back'));
    type(byTestId('checkout-firstName'), 'Ana');
    type(byTestId('checkout-zipcode'), '1');
    await click(byTestId('checkout-next'));
    await click(byTestId('checkout-next'));
    await click(byTestId('checkout-pay'));
    expect(api.post).toHaveBeenCalledWith('/subscription', expect.objectContaining({ plan: 'current', users: 5, connections: 2 }));

    vi.useFakeTimers();
    act(() => emit({ action: 'CONCLUIDA', invoice: { ...OPEN, id: 99, status: 'paid' }, company: { id: 7, dueDate: '2031-04-20' } }));
    expect(byTestId('pix-paid')).toBeNull(); // another invoice's payment
    act(() => emit({ action: 'CONCLUIDA', invoice: { ...OPEN, status: 'paid' }, company: { id: 7, dueDate: '2031-04-20' } }));
    expect(byTestId('pix-paid').textContent).toContain('20/04/2031');
    expect(allByTestId('invoice-row')[0].dataset.status).toBe('paid');
    act(() => vi.advanceTimersByTime(3900));
    expect(navigate).not.toHaveBeenCalled();
    act(() => vi.advanceTimersByTime(200));
    expect(navigate).toHaveBeenCalledWith('/');
    expect(setUser).toHaveBeenCalled();
  });
});
