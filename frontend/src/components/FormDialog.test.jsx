import { act } from 'react';
import { TextField } from '@mui/material';
import { afterEach, describe, expect, it, vi } from 'vitest';
import useForm from '../hooks/useForm';
import { onToast } from '../services/toast';
import { byTestId, click, render } from '../test/render';
import FormDialog from './FormDialog';

/** A form on useForm, its name field typed into like a person does (or given a loaded record). */
function NameForm({ loaded, ...props }) {
  const form = useForm({ name: '' });
  return (
    <FormDialog {...props} dirty={form.dirty}>
      <TextField {...form.field('name')} slotProps={{ htmlInput: { 'data-testid': 'thing-name' } }} />
      <button type="button" data-testid="thing-load" onClick={() => form.setValues({ name: loaded })} />
    </FormDialog>
  );
}

/** Types into a React-controlled input. */
const type = (input, value) => act(() => {
  Object.getOwnPropertyDescriptor(HTMLInputElement.prototype, 'value').set.call(input, value);
  input.dispatchEvent(new Event('input', { bubbles: true }));
});
const pressEscape = () => act(() => {
  byTestId('thing-name').dispatchEvent(new KeyboardEvent('keydown', { key: 'Escape', bubbles: true }));
});
/** A click beside the dialog: on its container, outside the paper. */
const clickBeside = () => act(() => {
  const container = document.body.querySelector('[data-testid="thing-modal"] .MuiDialog-container');
  container.dispatchEvent(new MouseEvent('mousedown', { bubbles: true }));
  container.dispatchEvent(new MouseEvent('click', { bubbles: true }));
});

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

  it("shows the form's own failure text in place of the server's, unless the code says more", async () => {
    const toasts = [];
    const stop = onToast((item) => toasts.push(item));
    const p = props({
      failureMessage: 'Não foi possível realizar a operação.',
      onSubmit: vi.fn().mockRejectedValueOnce(Object.assign(new Error('duplicate key'), { status: 500 })),
    });
    view = render(<FormDialog {...p} />);
    await click(byTestId('thing-save'));
    expect(byTestId('thing-error').textContent).toBe('Não foi possível realizar a operação.');

    p.onSubmit.mockRejectedValueOnce(Object.assign(new Error('raw'), { code: 'ERR_USER_LIMIT_REACHED' }));
    await click(byTestId('thing-save'));
    stop();
    expect(byTestId('thing-error').textContent).not.toBe('Não foi possível realizar a operação.');
    expect(toasts.map((t) => t.message)).toEqual(['Não foi possível realizar a operação.', byTestId('thing-error').textContent]);
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

  it('closes an untouched form on Escape, or a loaded record left as it came', async () => {
    const p = props();
    view = render(<NameForm {...p} loaded="Ana" />);
    await click(byTestId('thing-load'));
    pressEscape();
    expect(byTestId('thing-discard')).toBeNull();
    expect(p.onClose).toHaveBeenCalledTimes(1);
  });

  it('asks before Escape or a click beside it discards what was typed', async () => {
    const p = props();
    view = render(<NameForm {...p} loaded="Ana" />);
    await click(byTestId('thing-load'));
    type(byTestId('thing-name'), 'Ana Maria');

    pressEscape();
    expect(p.onClose).not.toHaveBeenCalled();
    expect(byTestId('thing-discard').textContent).toContain('Descartar as alterações?');
    await click(byTestId('thing-discard-cancel'));
    expect(p.onClose).not.toHaveBeenCalled();
    expect(byTestId('thing-name').value).toBe('Ana Maria');

    clickBeside();
    expect(p.onClose).not.toHaveBeenCalled();
    await click(byTestId('thing-discard-confirm'));
    expect(p.onClose).toHaveBeenCalledTimes(1);
  });

  it('does not ask once the typing is undone', async () => {
    const p = props();
    view = render(<NameForm {...p} />);
    type(byTestId('thing-name'), 'x');
    type(byTestId('thing-name'), '');
    pressEscape();
    expect(byTestId('thing-discard')).toBeNull();
    expect(p.onClose).toHaveBeenCalledTimes(1);
  });
});
