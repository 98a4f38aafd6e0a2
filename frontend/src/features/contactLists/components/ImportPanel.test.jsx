import { afterEach, describe, expect, it } from 'vitest';
import { byTestId, render } from '../../../test/render';
import ImportPanel from './ImportPanel';

describe('ImportPanel', () => {
  let view;
  afterEach(() => view?.unmount());

  it('shows the progress and the counts while reading', () => {
    view = render(<ImportPanel listId={3} current={{ id: 1, status: 'reading', percent: 40, rowsRead: 400, imported: 390, merged: 5, refused: 5, fileName: 'a.xlsx' }} />);
    expect(byTestId('contact-list-import').dataset.status).toBe('reading');
    expect(byTestId('contact-list-import-progress').getAttribute('aria-valuenow')).toBe('40');
    expect(byTestId('contact-list-import-counts').textContent).toContain('400 linhas lidas');
    expect(byTestId('contact-list-import-refused')).toBeNull();
  });

  it('offers the refused rows once done', () => {
    view = render(<ImportPanel listId={3} current={{ id: 1, status: 'done', rowsRead: 10, imported: 8, merged: 0, refused: 2, fileName: 'a.xlsx' }} />);
    expect(byTestId('contact-list-import-progress')).toBeNull();
    expect(byTestId('contact-list-import-refused').textContent).toContain('2 linhas recusadas');
  });

  it('explains a file-level error', () => {
    view = render(<ImportPanel listId={3} current={{ id: 1, status: 'failed', error: 'ERR_IMPORT_WRONG_COLUMNS', refused: 0 }} />);
    expect(byTestId('contact-list-import-error').textContent).toContain('primeira linha');
  });

  it('shows a re-check of the numbers with its own progress', () => {
    view = render(<ImportPanel listId={3} current={{ id: 2, kind: 'check', status: 'checking', toCheck: 200, checked: 50, refused: 0 }} />);
    expect(byTestId('contact-list-import').dataset.kind).toBe('check');
    expect(byTestId('contact-list-import').textContent).toContain('Verificando de novo os números');
    expect(byTestId('contact-list-import-progress').getAttribute('aria-valuenow')).toBe('25');
    expect(byTestId('contact-list-import-counts').textContent).toContain('50 de 200 números verificados');
  });
});
