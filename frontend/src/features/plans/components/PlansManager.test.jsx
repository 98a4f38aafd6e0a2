import { act } from 'react';
import { SWRConfig } from 'swr';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { ApiError } from '../../../services/api';
import { onToast } from '../../../services/toast';
import { allByTestId, byTestId, click, render } from '../../../test/render';
import { PLAN_FLAGS, createPlan, deletePlan, updatePlan } from '../api/plansApi';
import PlansManager from './PlansManager';

vi.mock('../api/plansApi', async (importOriginal) => ({
  ...(await importOriginal()),
  createPlan: vi.fn(), updatePlan: vi.fn(), deletePlan: vi.fn(),
}));

const type = (input, value) => act(() => {
  Object.getOwnPropertyDescriptor(HTMLInputElement.prototype, 'value').set.call(input, value);
  input.dispatchEvent(new Event('input', { bubbles: true }));
});
const settle = () => act(async () => new Promise((resolve) => setTimeout(resolve, 10)));

const basic = {
  id: 2, name: 'Básico', users: 3, connections: 1, queues: 2, amount: 49, isPublic: true,
  ...Object.fromEntries(PLAN_FLAGS.map((flag) => [flag, flag === 'useWhatsapp' || flag === 'useCampaigns'])),
};

describe('PlansManager', () => {
  let view;
  let toasts;
  let stop;
  let plans;
  const mount = () => {
    const fetcher = vi.fn(async () => structuredClone(plans));
    view = render(<SWRConfig value={{ provider: () => new Map(), fetcher }}><PlansManager /></SWRConfig>);
  };
  beforeEach(() => {
    vi.clearAllMocks();
    plans = [basic];
    toasts = [];
    stop = onToast((item) => toasts.push(item));
  });
  afterEach(() => {
    stop();
    view?.unmount();
  });

  it('shows each plan with its price in reais, its limits and its flags', async () => {
    mount();
    await settle();
    const row = allByTestId('plan-row')[0];
    expect(row.textContent).toContain('Básico');
    expect(row.textContent).toMatch(/R\$\s?49,00/);
    expect(row.textContent).toContain('WhatsApp');
    expect(row.textContent).toContain('Campanhas');
    expect(row.textContent).not.toContain('Kanban');
  });

  it('creates a plan with every limit and flag, as numbers and booleans', async () => {
    createPlan.mockImplementation(async (data) => ({ id: 5, ...data }));
    mount();
    await settle();
    await click(byTestId('plans-add'));
    type(byTestId('plan-name'), 'Ouro');
    type(byTestId('plan-amount'), '199.9');
    type(byTestId('plan-users'), '10');
    type(byTestId('plan-connections'), '3');
    type(byTestId('plan-queues'), '5');
    await click(byTestId('plan-isPublic'));
    await click(byTestId('plan-useKanban'));
    await click(byTestId('plan-useOpenAi'));
    plans = [basic, { id: 5, name: 'Ouro' }];
    await click(byTestId('plan-save'));
    await settle();
    expect(createPlan).toHaveBeenCalledWith(expect.objectContaining({
      name: 'Ouro', amount: 199.9, users: 10, connections: 3, queues: 5, isPublic: false,
      useWhatsapp: true, useKanban: true, useOpenAi: true, useFacebook: false, useExternalApi: false,
    }));
    expect(toasts.map((t) => t.message)).toContain('Operação realizada com sucesso!');
    expect(allByTestId('plan-row')).toHaveLength(2);
  });

  it('refuses a limit under 1 before asking the server', async () => {
    mount();
    await settle();
    await click(byTestId('plans-add'));
    type(byTestId('plan-name'), 'Zero');
    type(byTestId('plan-users'), '0');
    await click(byTestId('plan-save'));
    expect(createPlan).not.toHaveBeenCalled();
    expect(byTestId('plan-modal').textContent).toContain('Informe um número inteiro a partir de 1');
  });

  it("edits a plan and says why the server refused it", async () => {
    updatePlan.mockRejectedValue(new ApiError(409, { error: 'ERR_PLAN_NAME_EXISTS', message: 'x' }));
    mount();
    await settle();
    await click(byTestId('plan-edit'));
    expect(byTestId('plan-name').value).toBe('Básico');
    expect(byTestId('plan-useCampaigns').checked).toBe(true);
    await click(byTestId('plan-save'));
    expect(updatePlan).toHaveBeenCalledWith(2, expect.objectContaining({ name: 'Básico', useCampaigns: true }));
    expect(toasts.map((t) => t.message)).toContain('Já existe um plano com este nome.');
  });

  it('deletes after a confirmation; a plan in use is refused with its reason', async () => {
    deletePlan.mockRejectedValueOnce(new ApiError(409, { error: 'ERR_PLAN_IN_USE', message: 'x' }));
    mount();
    await settle();
    await click(byTestId('plan-delete'));
    await click(document.body.querySelector('[data-testid="plan-delete-dialog"] button:last-of-type'));
    await settle();
    expect(deletePlan).toHaveBeenCalledWith(2);
    expect(toasts.map((t) => t.message)).toContain('O plano está em uso por uma ou mais empresas.');
  });
});
