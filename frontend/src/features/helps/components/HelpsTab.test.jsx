import { act } from 'react';
import { SWRConfig } from 'swr';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { onToast } from '../../../services/toast';
import { byTestId, click, render } from '../../../test/render';
import { createHelp, deleteHelp } from '../api/helpsApi';
import HelpsTab from './HelpsTab';

vi.mock('../api/helpsApi', async (importOriginal) => ({
  ...(await importOriginal()),
  SUBMIT_DELAY: 0,
  createHelp: vi.fn(),
  updateHelp: vi.fn(),
  deleteHelp: vi.fn(),
}));

const settle = () => act(async () => new Promise((resolve) => setTimeout(resolve, 20)));
const type = (input, value) => act(() => {
  const proto = input.tagName === 'TEXTAREA' ? HTMLTextAreaElement.prototype : HTMLInputElement.prototype;
  Object.getOwnPropertyDescriptor(proto, 'value').set.call(input, value);
  input.dispatchEvent(new Event('input', { bubbles: true }));
});

describe('HelpsTab', () => {
  let view;
  let toasts;
  let stop;
  beforeEach(() => {
    toasts = [];
    stop = onToast((item) => toasts.push(item));
    createHelp.mockReset();
    deleteHelp.mockReset();
  });
  afterEach(() => {
    stop();
    view?.unmount();
  });

  const mount = (helps = []) => {
    view = render(<SWRConfig value={{ provider: () => new Map(), fetcher: async () => helps }}><HelpsTab /></SWRConfig>);
  };

  it('saves a help with the link cut to its code, and says when the title is taken', async () => {
    mount();
    await settle();
    await click(byTestId('help-save'));
    expect(createHelp).not.toHaveBeenCalled();
    await type(byTestId('help-title'), 'Conexões');
    await type(byTestId('help-video'), 'https://youtu.be/dQw4w9WgXcQ');
    createHelp.mockResolvedValueOnce({ id: 1 });
    await click(byTestId('help-save'));
    await settle();
    expect(createHelp).toHaveBeenCalledWith({ title: 'Conexões', video: 'dQw4w9WgXcQ', description: '' });
    expect(JSON.stringify(toasts)).toContain('sucesso');
    await type(byTestId('help-title'), 'Conexões');
    createHelp.mockRejectedValueOnce(Object.assign(new Error('dup'), { status: 409, code: 'ERR_HELP_DUPLICATED', fields: {} }));
    await click(byTestId('help-save'));
    await settle();
    expect(JSON.stringify(toasts)).toContain('mesmo nome');
  });

  it('offers delete only while editing a record', async () => {
    mount([{ id: 4, title: 'Filas', video: 'abcdefg', description: '' }]);
    await settle();
    expect(byTestId('help-delete')).toBeNull();
    await click(byTestId('help-edit'));
    expect(byTestId('help-title').value).toBe('Filas');
    await click(byTestId('help-delete'));
    await click(byTestId('confirm-dialog-confirm'));
    await settle();
    expect(deleteHelp).toHaveBeenCalledWith(4);
  });
});
