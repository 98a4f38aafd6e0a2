import { act } from 'react';
import { MemoryRouter, Route, Routes } from 'react-router';
import { SWRConfig } from 'swr';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { ApiError, fetcher as pagesFetcher } from '../../../services/api';
import { onToast } from '../../../services/toast';
import { allByTestId, byTestId, click, render } from '../../../test/render';
import {
  createCompany, deleteCompany, getCompany, measureCompanyFolder, setCompanyStatus,
} from '../api/companiesApi';
import CompaniesPage from '../pages/CompaniesPage';
import CompaniesManager from './CompaniesManager';

let me = { id: 1, companyId: 1, profile: 'admin', super: true };
vi.mock('../../auth/hooks/useAuth', () => ({ useAuth: () => ({ user: me }) }));
vi.mock('../../../services/api', async (importOriginal) => ({ ...(await importOriginal()), fetcher: vi.fn() }));
vi.mock('../api/companiesApi', async (importOriginal) => ({
  ...(await importOriginal()),
  DELETE_POLL_MS: 20,
  createCompany: vi.fn(), updateCompany: vi.fn(), setCompanyStatus: vi.fn(), deleteCompany: vi.fn(),
  getCompany: vi.fn(), measureCompanyFolder: vi.fn(),
}));

const type = (input, value) => act(() => {
  Object.getOwnPropertyDescriptor(HTMLInputElement.prototype, 'value').set.call(input, value);
  input.dispatchEvent(new Event('input', { bubbles: true }));
});
const settle = (ms = 10) => act(async () => new Promise((resolve) => setTimeout(resolve, ms)));
async function choose(testId, value) {
  await act(async () => byTestId(testId).dispatchEvent(new MouseEvent('mousedown', { bubbles: true, button: 0 })));
  await click(byTestId(`${testId}-${value}`));
}
/** Waits (up to 2 s) for a condition the component reaches by itself. */
async function waitFor(condition) {
  for (let i = 0; i < 200 && !condition(); i += 1) await settle(10);
  expect(condition()).toBe(true);
}
const isoDay = (days) => {
  const d = new Date();
  d.setDate(d.getDate() + days);
  return `${d.getFullYear()}-${String(d.getMonth() + 1).padStart(2, '0')}-${String(d.getDate()).padStart(2, '0')}`;
};

const plan = { id: 2, name: 'Básico', amount: 49, users: 3, connections: 2 };
const main = { id: 1, name: 'Atende', email: 'admin@atende.local', status: true, dueDate: null, recurrence: 'MENSAL', plan,
  numberAttendants: 1, numberConections: 0 };
const acme = { id: 7, name: 'Acme', email: 'acme@acme.test', status: true, dueDate: isoDay(3), recurrence: 'TRIMESTRAL', plan,
  numberAttendants: 2, numberConections: 1, lastLogin: '2026-11-20T13:05:00Z', folderSize: 0, numberFileFolder: 0 };

describe('CompaniesManager', () => {
  let view;
  let toasts;
  let stop;
  const mount = (element = <CompaniesManager />) => {
    const swr = vi.fn(async () => [plan]);
    view = render(<MemoryRouter><SWRConfig value={{ provider: () => new Map(), fetcher: swr }}>{element}</SWRConfig></MemoryRouter>);
  };
  beforeEach(() => {
    vi.clearAllMocks();
    me = { id: 1, companyId: 1, profile: 'admin', super: true };
    pagesFetcher.mockImplementation(async () => ({ companies: structuredClone([main, acme]), hasMore: false }));
    toasts = [];
    stop = onToast((item) => toasts.push(item));
  });
  afterEach(() => {
    stop();
    view?.unmount();
  });

  it('lists companies with plan, usage against it, a due date close to ending in yellow, and no block or delete for the main one', async () => {
    mount();
    await settle();
    const [first, second] = allByTestId('company-row');
    expect(first.textContent).toContain('Sem vencimento');
    expect(first.querySelector('[data-testid="company-delete"]')).toBeNull();
    expect(first.querySelector('[data-testid="company-toggle-block"]')).toBeNull();
    expect(second.textContent).toContain('Básico');
    expect(second.textContent).toContain('2/3');
    expect(second.textContent).toContain('Trimestral');
    expect(second.querySelector('[data-severity="warning"]')).not.toBeNull();
  });

  it('creates a company with its first admin and shows the generated password once', async () => {
    createCompany.mockImplementation(async (data) => ({ id: 9, ...data, plan, initialPassword: 'Xy7pQ2mN8rTz' }));
    mount();
    await settle();
    await click(byTestId('companies-add'));
    await click(byTestId('company-save'));
    expect(createCompany).not.toHaveBeenCalled();
    expect(byTestId('company-modal').textContent).toContain('Obrigatório');
    type(byTestId('company-name'), 'Nova');
    type(byTestId('company-email'), 'Nova@Nova.test');
    type(byTestId('company-document'), '12.345.678/0001-90');
    await settle();
    await choose('company-planId', 2);
    await choose('company-recurrence', 'ANUAL');
    await click(byTestId('company-save'));
    await settle();
    expect(createCompany).toHaveBeenCalledWith(expect.objectContaining({
      name: 'Nova', email: 'nova@nova.test', document: '12.345.678/0001-90', planId: 2, recurrence: 'ANUAL', dueDate: null, status: true,
    }));
    expect(createCompany.mock.calls[0][0]).not.toHaveProperty('password');
    expect(byTestId('company-initial-password').textContent).toContain('Xy7pQ2mN8rTz');
    expect(allByTestId('company-row').map((row) => row.dataset.id)).toContain('9');
  });

  it('says why the server refused a save', async () => {
    createCompany.mockRejectedValue(new ApiError(409, { error: 'ERR_COMPANY_NAME_EXISTS', message: 'x' }));
    mount();
    await settle();
    await click(byTestId('companies-add'));
    type(byTestId('company-name'), 'Acme');
    type(byTestId('company-email'), 'b@acme.test');
    await settle();
    await choose('company-planId', 2);
    await click(byTestId('company-save'));
    await settle();
    expect(toasts.map((t) => t.message)).toContain('Já existe uma empresa com este nome.');
  });

  it('blocks and measures a company from its row', async () => {
    setCompanyStatus.mockImplementation(async (id, status) => ({ ...acme, status }));
    measureCompanyFolder.mockResolvedValue({ ...acme, folderSize: 1536, numberFileFolder: 4, updatedAtFolder: '2026-11-25T10:00:00Z' });
    mount();
    await settle();
    const row = () => allByTestId('company-row')[1];
    await click(row().querySelector('[data-testid="company-toggle-block"]'));
    expect(setCompanyStatus).toHaveBeenCalledWith(7, false);
    expect(row().querySelector('[data-testid="company-blocked"]')).not.toBeNull();
    await click(row().querySelector('[data-testid="company-measure"]'));
    expect(row().textContent).toContain('1.5 KB · 4');
  });

  it('deletes in the background: the row shows the progress, then goes', async () => {
    deleteCompany.mockResolvedValue({ ...acme, deletingAt: '2026-11-25T10:00:00Z', deleteProgress: 0 });
    let finish;
    const gone = new Promise((resolve, reject) => { finish = () => reject(new ApiError(404, { error: 'ERR_NO_COMPANY_FOUND' })); });
    gone.catch(() => {}); // handled by the polls; unhandled only until one awaits it
    getCompany.mockResolvedValueOnce({ ...acme, deletingAt: '2026-11-25T10:00:00Z', deleteProgress: 60 })
      .mockImplementation(() => gone);
    mount();
    await settle();
    await click(allByTestId('company-row')[1].querySelector('[data-testid="company-delete"]'));
    await click(document.body.querySelector('[data-testid="company-delete-dialog"] button:last-of-type'));
    expect(deleteCompany).toHaveBeenCalledWith(7);
    expect(byTestId('company-deleting')).not.toBeNull();
    expect(toasts.map((t) => t.message)).toContain('Exclusão iniciada: o progresso aparece na tabela.');
    await waitFor(() => byTestId('company-deleting')?.textContent.includes('60%'));
    finish();
    await waitFor(() => allByTestId('company-row').length === 1);
    expect(allByTestId('company-row')[0].dataset.id).toBe('1');
  });

  it('sends a non-super user home after 1 s with the no-permission message', async () => {
    me = { id: 5, companyId: 7, profile: 'admin', super: false };
    view = render(
      <MemoryRouter initialEntries={['/companies']}>
        <Routes>
          <Route path="/companies" element={<CompaniesPage />} />
          <Route path="/" element={<div data-testid="home" />} />
        </Routes>
      </MemoryRouter>,
    );
    await settle();
    expect(toasts.map((t) => t.message)).toContain('Esta empresa não possui permissão para acessar essa página! Estamos lhe redirecionando.');
    expect(byTestId('companies-page')).toBeNull();
    expect(byTestId('home')).toBeNull();
    await settle(1100);
    expect(byTestId('home')).not.toBeNull();
    expect(pagesFetcher).not.toHaveBeenCalled();
  });
});
