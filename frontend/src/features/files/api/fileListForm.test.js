import { describe, expect, it, vi } from 'vitest';
import { fileListPayload, listToForm, pendingUploads, uploadAll, validateFileList } from './fileListForm';

describe('file list form', () => {
  it('checks name, message and options', () => {
    const ok = { name: 'Catálogo', message: 'Veja', options: [{ name: 'Tabela' }] };
    expect(validateFileList(ok)).toEqual({});
    expect(validateFileList({ ...ok, name: 'ab' }).name).toBe('files.validation.nameTooShort');
    expect(validateFileList({ ...ok, name: '' }).name).toBe('validation.required');
    expect(validateFileList({ ...ok, message: ' ' }).message).toBe('validation.required');
    expect(validateFileList({ ...ok, options: [{ name: '' }] }).options).toBe('validation.required');
  });

  it('matches new files to the options the server created, in order', () => {
    const a = new File(['a'], 'a.pdf');
    const b = new File(['b'], 'b.pdf');
    const values = { ...listToForm({ options: [{ id: 7, name: 'Velha' }] }), name: 'Lista', message: 'm' };
    values.options[0].file = a;
    values.options.push({ name: 'Nova', file: null }, { name: 'Outra', file: b });
    expect(fileListPayload(values).options).toEqual([{ id: 7, name: 'Velha' }, { name: 'Nova' }, { name: 'Outra' }]);
    const saved = { options: [{ id: 7 }, { id: 9 }, { id: 10 }] };
    expect(pendingUploads(values, saved)).toEqual([{ optionId: 7, file: a }, { optionId: 10, file: b }]);
  });

  it('uploads in batches of five', async () => {
    const upload = vi.fn(async (id, batch) => ({ id, n: batch.length }));
    const files = Array.from({ length: 7 }, (_, i) => ({ optionId: i + 1, file: new File(['x'], `${i}.pdf`) }));
    expect(await uploadAll(upload, 3, files, null)).toEqual({ id: 3, n: 2 });
    expect(upload).toHaveBeenCalledTimes(2);
  });
});
