import { act } from 'react';
import { SWRConfig } from 'swr';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { onToast } from '../../../services/toast';
import { allByTestId, byTestId, click, render } from '../../../test/render';
import PhraseListsPage from './PhraseListsPage';
import { createPhraseCampaign, deletePhraseCampaign, getPhraseCampaign, updatePhraseCampaign } from '../api/phraseCampaignsApi';

const handlers = new Map();
vi.mock('../../../services/socket', () => ({
  socket: {
    onDrop: vi.fn(() => () => {}),
    subscribe: vi.fn((event, handler) => {
      handlers.set(event, handler);
      return () => handlers.delete(event);
    }),
  },
}));

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
const fetcher = vi.fn(async (key) => answers[Array.isArray(key) ? key[0] : key]);
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

  it('shows each connection status translated, and takes a phrase as long as the server keeps (1000)', async () => {
    view = mount();
    await settle();
    await click(byTestId('phrases-add'));
    await settle();
    await act(async () => byTestId('phrase-connection').dispatchEvent(new MouseEvent('mousedown', { bubbles: true, button: 0 })));
    expect(byTestId('phrase-connection-3').textContent).toBe('SandboxConectado');
    expect(byTestId('phrase-phrase').maxLength).toBe(1000);
  }, 20000);

  it('a campaign that cannot be read is not opened as an empty form: the error shows and the dialog closes', async () => {
    getPhraseCampaign.mockRejectedValueOnce(Object.assign(new Error('Nenhuma campanha encontrada com este ID.'), {
      status: 404, code: 'ERR_NO_FLOW_CAMPAIGN_FOUND',
    }));
    const toasts = [];
    const stop = onToast((item) => toasts.push([item.severity, item.message]));
    view = mount();
    await settle();
    await click(byTestId('phrase-edit'));
    await settle();
    stop();
    expect(getPhraseCampaign).toHaveBeenCalledWith(1);
    expect(toasts).toContainEqual(['error', 'Nenhuma campanha encontrada com este ID.']);
    expect(byTestId('phrase-modal')).toBeNull();
    expect(updatePhraseCampaign).not.toHaveBeenCalled();
  }, 20000);

  it('follows the company campaign events: another tab\'s create, rename and delete reload the list', async () => {
    view = mount();
    await settle();
    const names = () => allByTestId('phrase-row').map((row) => row.textContent);
    const emit = async (data) => {
      await act(async () => handlers.get('company-7-flowcampaign')(data));
      await settle();
    };
    answers['/flowcampaign'] = { flows: [{ id: 1, name: 'Promo', phrase: 'quero', status: true }, { id: 2, name: 'Natal', phrase: 'natal', status: false }] };
    await emit({ action: 'create', record: { id: 2 } });
    expect(names().join()).toContain('Natal');
    answers['/flowcampaign'] = { flows: [{ id: 2, name: 'Natal 2026', phrase: 'natal', status: false }] };
    await emit({ action: 'update', record: { id: 2 } });
    expect(allByTestId('phrase-row')).toHaveLength(1);
    expect(names()[0]).toContain('Natal 2026');
    answers['/flowcampaign'] = { flows: [] };
    await emit({ action: 'delete', id: 2 });
    expect(allByTestId('phrase-row')).toHaveLength(0);
    view.unmount();
    view = null;
    expect(handlers.has('company-7-flowcampaign')).toBe(false);
    answers['/flowcampaign'] = { flows: [{ id: 1, name: 'Promo', phrase: 'quero', status: true }] };
  }, 20000);
});
