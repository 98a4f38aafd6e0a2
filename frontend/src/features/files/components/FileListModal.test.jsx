import { act } from 'react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { byTestId, click, render } from '../../../test/render';
import { createFileList, updateFileList, uploadListFiles } from '../api/filesApi';
import FileListModal from './FileListModal';

vi.mock('../api/filesApi', () => ({
  createFileList: vi.fn(),
  updateFileList: vi.fn(),
  uploadListFiles: vi.fn(),
}));

const type = (input, value) => act(() => {
  const proto = input instanceof HTMLTextAreaElement ? HTMLTextAreaElement.prototype : HTMLInputElement.prototype;
  Object.getOwnPropertyDescriptor(proto, 'value').set.call(input, value);
  input.dispatchEvent(new Event('input', { bubbles: true }));
});
const choose = (input, file) => act(async () => {
  Object.defineProperty(input, 'files', { value: [file], configurable: true });
  input.dispatchEvent(new Event('change', { bubbles: true }));
});

describe('FileListModal', () => {
  let view;
  beforeEach(() => vi.clearAllMocks());
  afterEach(() => view?.unmount());

  it('the file picker takes what the server accepts (no HTML or SVG)', async () => {
    view = render(<FileListModal open record={null} onClose={vi.fn()} onSaved={vi.fn()} />);
    await click(byTestId('file-option-add'));
    const accept = byTestId('file-option-file-0').getAttribute('accept');
    expect(accept).toContain('image/png');
    expect(accept).toContain('video/*');
    expect(accept).toContain('audio/*');
    expect(accept).toContain('.pdf');
    expect(accept).not.toMatch(/image\/\*|svg|html/);
  });

  it('a failed upload after a create retries on the created list, never a second one', async () => {
    createFileList.mockResolvedValue({ id: 11, name: 'Catálogo', options: [{ id: 21, name: 'Tabela' }] });
    updateFileList.mockResolvedValue({ id: 11, name: 'Catálogo', options: [{ id: 22, name: 'Tabela' }] });
    uploadListFiles.mockRejectedValueOnce(new Error('upload falhou'))
      .mockResolvedValueOnce({ id: 11, name: 'Catálogo', options: [{ id: 22, name: 'Tabela', path: 'a.pdf' }] });
    const onClose = vi.fn();
    const onSaved = vi.fn();
    view = render(<FileListModal open record={null} onClose={onClose} onSaved={onSaved} />);
    type(byTestId('file-list-name'), 'Catálogo');
    type(byTestId('file-list-message'), 'Veja');
    await click(byTestId('file-option-add'));
    type(byTestId('file-option-name-0'), 'Tabela');
    const file = new File(['%PDF'], 'a.pdf', { type: 'application/pdf' });
    await choose(byTestId('file-option-file-0'), file);

    await click(byTestId('file-list-save'));
    expect(createFileList).toHaveBeenCalledTimes(1);
    expect(uploadListFiles).toHaveBeenCalledWith(11, [{ optionId: 21, file }]);
    expect(onClose).not.toHaveBeenCalled();

    await click(byTestId('file-list-save'));
    expect(createFileList).toHaveBeenCalledTimes(1);
    expect(updateFileList).toHaveBeenCalledWith(11, { name: 'Catálogo', message: 'Veja', options: [{ name: 'Tabela' }] });
    expect(uploadListFiles).toHaveBeenLastCalledWith(11, [{ optionId: 22, file }]);
    expect(onSaved).toHaveBeenCalledWith(expect.objectContaining({ id: 11 }));
    expect(onClose).toHaveBeenCalledTimes(1);
  });
});
