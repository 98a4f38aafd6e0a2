import { act } from 'react';
import { MemoryRouter, Route, Routes } from 'react-router';
import { SWRConfig } from 'swr';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { byTestId, click, render } from '../../../test/render';
import { deletePrompt } from '../api/promptsApi';
import { REDIRECT_DELAY } from '../../../hooks/useSendHomeUnless';
import RequirePrompts from '../components/RequirePrompts';
import PromptsPage from './PromptsPage';

const auth = vi.hoisted(() => ({ user: null }));
const toasts = vi.hoisted(() => ({ error: vi.fn(), success: vi.fn(), info: vi.fn() }));
vi.mock('../../auth/hooks/useAuth', () => ({ useAuth: () => auth }));
vi.mock('../../../services/toast', () => ({ toast: toasts, TOAST_DURATION: 3000, onToast: () => () => {} }));
vi.mock('../api/promptsApi', async (original) => ({ ...(await original()), deletePrompt: vi.fn() }));
vi.mock('../../../services/socket', () => ({ socket: { onDrop: vi.fn(() => () => {}), subscribe: vi.fn(() => () => {}) } }));

const PROMPTS = { prompts: [{ id: 4, name: 'Vendedora', maxTokens: 150, queue: { id: 2, name: 'Vendas' }, apiKey: '********abcd' }] };

function mount(user) {
  auth.user = user;
  const fetcher = vi.fn(async (key) => (key === '/prompt' ? PROMPTS : []));
  return render(
    <SWRConfig value={{ provider: () => new Map(), fetcher }}>
      <MemoryRouter initialEntries={['/prompts']}>
        <Routes>
          <Route path="/prompts" element={<RequirePrompts><PromptsPage /></RequirePrompts>} />
          <Route path="/" element={<div data-testid="home" />} />
        </Routes>
      </MemoryRouter>
    </SWRConfig>,
  );
}

const admin = (plan) => ({ id: 1, profile: 'admin', companyId: 7, company: { id: 7, plan } });
const settle = () => act(async () => new Promise((resolve) => setTimeout(resolve, 20)));

describe('/prompts', () => {
  afterEach(() => {
    vi.useRealTimers();
    document.body.innerHTML = '';
  });

  it('sends a company without useOpenAi home after a second, with the spec message', async () => {
    vi.useFakeTimers();
    mount(admin({ useOpenAi: false }));
    expect(toasts.error).toHaveBeenCalledWith('Esta empresa não possui permissão para acessar essa página! Estamos lhe redirecionando.');
    expect(byTestId('home')).toBeNull();
    await act(async () => vi.advanceTimersByTime(REDIRECT_DELAY));
    expect(byTestId('home')).not.toBeNull();
  });

  it('shows a profile user the no-access view', () => {
    mount({ ...admin({ useOpenAi: true }), profile: 'user' });
    expect(byTestId('forbidden')).not.toBeNull();
  });

  it('lists the prompts with name, queue and max tokens', async () => {
    mount(admin({ useOpenAi: true }));
    await settle();
    const table = byTestId('prompts-table');
    expect(table?.textContent).toContain('Vendedora');
    expect(table?.textContent).toContain('Vendas');
    expect(table?.textContent).toContain('150');
    expect(document.body.textContent).toContain('Prompts (1)');
  });

  it('a deletion is confirmed as info (spec/3 DELETE /prompt/{id}), translated rather than the server\'s Portuguese message', async () => {
    deletePrompt.mockResolvedValue({ message: 'Prompt deletado' });
    toasts.success.mockClear();
    toasts.info.mockClear();
    mount(admin({ useOpenAi: true }));
    await settle();
    await click(byTestId('prompt-delete'));
    await click(byTestId('prompt-delete-dialog-confirm'));
    expect(deletePrompt).toHaveBeenCalledWith(4);
    expect(toasts.info.mock.calls).toEqual([['Prompt excluído com sucesso!']]);
    expect(toasts.success).not.toHaveBeenCalled();
    expect(byTestId('prompts-table').textContent).not.toContain('Vendedora');
  });
});
