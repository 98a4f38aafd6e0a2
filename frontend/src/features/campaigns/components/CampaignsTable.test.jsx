import { afterEach, describe, expect, it, vi } from 'vitest';
import { MemoryRouter } from 'react-router';
import i18n from '../../../i18n';
import { allByTestId, click, render } from '../../../test/render';
import CampaignsTable from './CampaignsTable';

const later = new Date(Date.now() + 3 * 3600e3).toISOString();
const records = [
  { id: 1, name: 'Rodando', status: 'EM_ANDAMENTO' },
  { id: 2, name: 'Cancelada', status: 'CANCELADA', pausedReason: 'failures', waitDetail: { failed: 12, window: 50, limit: 20 } },
  { id: 3, name: 'Programada', status: 'PROGRAMADA', scheduledAt: later },
  { id: 4, name: 'Finalizada', status: 'FINALIZADA' },
];

const actionsOf = (name) => {
  const row = allByTestId('campaign-row').find((r) => r.dataset.name === name);
  return [...row.querySelectorAll('button[data-testid]')].map((b) => b.dataset.testid);
};

describe('CampaignsTable', () => {
  let view;
  afterEach(() => view?.unmount());

  it('offers what each state allows (spec/3 §4)', async () => {
    await i18n.changeLanguage('pt');
    const onCancel = vi.fn();
    const onRestart = vi.fn();
    view = render(
      <MemoryRouter>
        <CampaignsTable records={records} onEdit={vi.fn()} onDelete={vi.fn()} onCancel={onCancel} onRestart={onRestart} />
      </MemoryRouter>,
    );
    expect(actionsOf('Rodando')).toEqual(['campaign-row-report', 'campaign-row-cancel', 'campaign-edit']);
    expect(actionsOf('Cancelada')).toEqual(['campaign-row-report', 'campaign-row-restart', 'campaign-edit', 'campaign-delete']);
    expect(actionsOf('Programada')).toEqual(['campaign-row-report', 'campaign-row-cancel', 'campaign-edit', 'campaign-delete']);
    expect(actionsOf('Finalizada')).toEqual(['campaign-row-report', 'campaign-edit', 'campaign-delete']);
    // Read-only ones open with the view icon's label.
    const running = allByTestId('campaign-row').find((r) => r.dataset.name === 'Rodando');
    expect(running.querySelector('[data-testid="campaign-edit"]').getAttribute('aria-label')).toBe('Ver');
    const statuses = allByTestId('campaign-status').map((c) => c.textContent);
    expect(statuses).toEqual(['Em andamento', 'Cancelada', 'Programada', 'Finalizada']);
    await click(running.querySelector('[data-testid="campaign-row-cancel"]'));
    expect(onCancel).toHaveBeenCalledWith(records[0]);
    const canceled = allByTestId('campaign-row').find((r) => r.dataset.name === 'Cancelada');
    await click(canceled.querySelector('[data-testid="campaign-row-restart"]'));
    expect(onRestart).toHaveBeenCalledWith(records[1]);
  });

  it('renders the governor pause sentence with its numbers', async () => {
    await i18n.changeLanguage('pt');
    expect(i18n.t('campaigns.wait.paused.failures', records[1].waitDetail)).toMatch(/12 dos últimos 50 envios falharam \(limite 20%\)/);
    expect(i18n.t('campaigns.wait.dailyCap', { sent: 50, cap: 50, warmupDay: 1, until: 'amanhã' })).toMatch(/50\/50, dia 1/);
  });
});
