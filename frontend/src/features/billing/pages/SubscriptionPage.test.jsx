import { afterEach, describe, expect, it, vi } from 'vitest';
import i18n from '../../../i18n';
import { byTestId, click, render } from '../../../test/render';
import SubscriptionPage, { licenceText } from './SubscriptionPage';

const navigate = vi.fn();
vi.mock('react-router', async (importOriginal) => ({ ...(await importOriginal()), useNavigate: () => navigate }));
vi.mock('../../auth/hooks/useAuth', () => ({
  useAuth: () => ({ user: { id: 5, profile: 'admin', company: { id: 7, email: 'billing@acme.test', dueDate: '2031-03-20' } } }),
}));

describe('SubscriptionPage', () => {
  let view;
  afterEach(() => view?.unmount());

  it('says "hoje" on the due day, otherwise the days left', () => {
    const t = i18n.t.bind(i18n);
    const now = new Date(2031, 2, 15, 10);
    expect(licenceText(t, '2031-03-15', now)).toBe('Sua licença vence em hoje!');
    expect(licenceText(t, '2031-03-20', now)).toBe('Sua licença vence em 5 dias!');
    expect(licenceText(t, '2031-03-16', now)).toBe('Sua licença vence em 1 dia!');
  });

  it('shows the billing e-mail and leads to the invoices', async () => {
    view = render(<SubscriptionPage />);
    expect(byTestId('subscription-page').textContent).toContain('Assinatura');
    expect(byTestId('subscription-email').value).toBe('billing@acme.test');
    expect(byTestId('subscription-period').value).toMatch(/Sua licença vence em/);
    await click(byTestId('subscription-subscribe'));
    expect(navigate).toHaveBeenCalledWith('/financeiro');
  });
});
