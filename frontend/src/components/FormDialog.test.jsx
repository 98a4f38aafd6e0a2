import { afterEach, describe, expect, it, vi } from 'vitest';
import { onToast } from '../services/toast';
import { byTestId, click, render } from '../test/render';
import FormDialog from './FormDialog';

const props = (overrides = {}) => ({
  testId: 'thing',
  title: 'Editar coisa',
  onClose: vi.fn(),
  onSaved: vi.fn(),
  onSubmit: vi.fn(async () => ({ id: 9 })),
  successMessage: 'Coisa salva!',
  ...overrides,
});

describe('FormDialog', () => {
  let view;
  afterEach(() => view?.unmount());

  it('saves: the success toast, onSaved with the record, then onClose', async () => {
    const toasts = [];
    const stop = onToast((item) => toasts.push(item));
    const p = props();
    view = render(<FormDialog {...p}><input data-testid="thing-name" /></FormDialog>);
    expect(byTestId('thing-modal').textContent).toContain('Editar coisa');
    expect(byTestId('thing-save').textContent).toBe('Salvar');
    await click(byTestId('thing-save'));
    stop();
    expect(p.onSubmit).toHaveBeenCalledTimes(1);
    expect(p.onSaved).toHaveBeenCalledWith({ id: 9 });
    expect(p.onClose).toHaveBeenCalledTimes(1);
    expect(toasts.map((t) => [t.severity, t.message])).toEqual([['success', 'Coisa salva!']]);
  });

  it('does not save when validate() refuses', async () => {
    const p = props({ validate: () => false, adding: true });
    view = render(<FormDialog {...p} />);
    expect(byTestId('thing-save').textContent).toBe('Adicionar');
    await click(byTestId('thing-save'));
    expect(p.onSubmit).not.toHaveBeenCalled();
  });

  it('shows a failed save above the fields unless the fields show it', async () => {
    const onError = vi.fn();
    const failure = Object.assign(new Error('Falhou no servidor'), { status: 500 });
    const p = props({ onSubmit: vi.fn().mockRejectedValueOnce(failure), onError });
    view = render(<FormDialog {...p} />);
    await click(byTestId('thing-save'));
    expect(onError).toHaveBeenCalledWith(failure);
    expect(byTestId('thing-error').textContent).toBe('Falhou no servidor');
    expect(byTestId('thing-save').disabled).toBe(false);
    expect(p.onClose).not.toHaveBeenCalled();

    p.onSubmit.mockRejectedValueOnce(Object.assign(new Error('ERR_VALIDATION'), { fields: { name: 'Obrigatório' } }));
    await click(byTestId('thing-save'));
    expect(byTestId('thing-error')).toBeNull();
  });

  it('renders tabs, a loading state and a read-only variant', async () => {
    const onTabChange = vi.fn();
    const tabs = [{ value: 'general', label: 'Geral' }, { value: 'permissions', label: 'Permissões' }];
    view = render(<FormDialog {...props({ tabs, tab: 'general', onTabChange, loading: true })}><p data-testid="fields" /></FormDialog>);
    await click(byTestId('thing-tab-permissions'));
    expect(onTabChange).toHaveBeenCalledWith('permissions');
    expect(byTestId('fields')).toBeNull();
    expect(byTestId('thing-save').disabled).toBe(true);
    view.unmount();

    view = render(<FormDialog {...props({ readOnly: true })} />);
    expect(byTestId('thing-save')).toBeNull();
    expect(byTestId('thing-cancel').textContent).toBe('Fechar');
  });

  it('keeps its submit from reaching a form it was opened from', async () => {
    const outer = vi.fn((event) => event.preventDefault());
    const p = props();
    view = render(<form onSubmit={outer}><FormDialog {...p} /></form>);
    await click(byTestId('thing-save'));
    expect(p.onSubmit).toHaveBeenCalledTimes(1);
    expect(outer).not.toHaveBeenCalled();
  });
});
