import { act } from 'react';
import { SWRConfig } from 'swr';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { onToast } from '../../../services/toast';
import { allByTestId, byTestId, click, render } from '../../../test/render';
import PhraseListsPage from './PhraseListsPage';
import { createPhraseCampaign, deletePhraseCampaign } from '../api/phraseCampaignsApi';

const auth = { user: { id: 1, profile: 'admin', companyId: 7 } };
vi.mock('../../auth/hooks/useAuth', () => ({ useAuth: () => auth }));
vi.mock('../api/phraseCampaignsApi', () => ({
  PHRASES_PATH: '/flowcampaign',
  CONNECTIONS_PATH: '/whatsapp',
  listAllFlows: vi.fn(async () => [{ id: 4, name: 'Boas-vindas' }]),
  getPhraseCampaign: vi.fn(),
  createPhraseCampaign: vi.fn(async (data) => ({ id: 9, ...data })),
  updatePhraseCampaign: vi.fn(),
  deletePhraseCampaign: vi.fn(async () => ({})),
}));

const answers = {
  '/flowcampaign': { flows: [{ id: 1, name: 'Promo', phrase: 'quero', status: true }] },
  '/whatsapp': [{ id: 3, name: 'Sandbox', status: 'CONNECTED' }],
};
const fetcher = async (key) => answers[Array.isArray(key) ? key[0] : key];
const settle = () => act(async () => new Promise((resolve) => { setTimeout(resolve, 0); }));

describe('PhraseListsPage', () => {
  let view;
  beforeEach(() => {
    auth.user = { id: 1, profile: 'admin', companyId: 7 };
  });
  afterEach(() => view?.unmount());

  const mount = () => render(<SWRConfig value={{ provider: () => new Map(), fetcher }}><PhraseListsPage /></SWRConfig>);

  it('lists the campaigns; only the contacts-delete permission deletes', async () => {
    view = mount();
    await settle();
    expect(document.body.textContent).toContain('Campanhas');
    expect(allByTestId('phrase-row')).toHaveLength(1);
    expect(byTestId('phrase-status-cell').textContent).toBe('Ativo');
    const toasts = [];
    const stop = onToast((item) => toasts.push(item.message));
    await click(byTestId('phrase-delete'));
    await click(byTestId('phrase-delete-dialog-confirm'));
    stop();
    expect(deletePhraseCampaign).toHaveBeenCalledWith(1);
    expect(toasts).toContain('Frase deletada');
    view.unmount();
    auth.user = { id: 2, profile: 'user', companyId: 7 };
    view = mount();
    await settle();
    expect(byTestId('phrase-delete')).toBeNull();
  }, 20000);

  it('creates: the spec title, required fields, status on by default', async () => {
    view = mount();
    await settle();
    await click(byTestId('phrases-add'));
    await settle();
    expect(byTestId('phrase-modal').textContent).toContain('Nova campanha com fluxo por frase');
    expect(byTestId('phrase-save').textContent).toBe('Criar campanha');
    expect(byTestId('phrase-status').checked).toBe(true);
    await click(byTestId('phrase-save'));
    expect(createPhraseCampaign).not.toHaveBeenCalled();
    expect(byTestId('phrase-modal').textContent).toContain('Obrigatório');
  }, 20000);
});
