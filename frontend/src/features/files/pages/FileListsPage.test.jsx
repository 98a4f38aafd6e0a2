import { act } from 'react';
import { MemoryRouter } from 'react-router';
import { SWRConfig } from 'swr';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { byTestId, click, render } from '../../../test/render';
import FileListsPage from './FileListsPage';

vi.mock('../../auth/hooks/useAuth', () => ({ useAuth: () => ({ user: { id: 1, profile: 'admin', companyId: 7, company: { id: 7, plan: {} } } }) }));
vi.mock('../../../services/socket', () => ({ socket: { onDrop: vi.fn(() => () => {}), subscribe: vi.fn(() => () => {}) } }));
vi.mock('../../../services/api', async (original) => ({
  ...(await original()),
  fetcher: vi.fn(async () => ({
    files: [{ id: 3, name: 'Catálogo', message: 'Veja', options: [{ id: 8, name: 'Tabela', path: 'company7/fileList/a.pdf', url: '/media/x' }] }],
    hasMore: false,
    count: 1,
  })),
}));

const settle = () => act(async () => new Promise((resolve) => setTimeout(resolve, 20)));

describe('/files', () => {
  afterEach(() => { document.body.innerHTML = ''; });

  it('lists the file lists with the count and opens the dialog with the options', async () => {
    render(<SWRConfig value={{ provider: () => new Map() }}><MemoryRouter><FileListsPage /></MemoryRouter></SWRConfig>);
    await settle();
    expect(document.body.textContent).toContain('Lista de arquivos (1)');
    expect(byTestId('files-table')?.textContent).toContain('Catálogo');
    await click(byTestId('files-add'));
    expect(byTestId('file-list-modal')).not.toBeNull();
    await click(byTestId('file-option-add'));
    expect(byTestId('file-option-name-0')).not.toBeNull();
  });
});
