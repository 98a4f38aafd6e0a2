import { afterEach, describe, expect, it, vi } from 'vitest';
import { onToast } from '../services/toast';
import { allByTestId, byTestId, click, render } from '../test/render';
import DataTable, { LOADING_ROWS } from './DataTable';

const rows = [{ id: 1, name: 'Ana', vip: true }, { id: 2, name: 'Bia', vip: false }];
const columns = [
  { key: 'name', render: (row) => row.name },
  { key: 'profile', align: 'center', testId: 'thing-vip', render: (row) => (row.vip ? 'sim' : 'não') },
];

const table = (overrides = {}) => (
  <DataTable testId="things-table" item="thing" labels="users.columns" columns={columns} rows={rows}
    rowData={(row) => ({ name: row.name })} emptyText="Nada aqui" onEdit={vi.fn()} deleteTitle={(row) => `Excluir ${row.name}?`}
    deleteMessage="Sem volta." deletedMessage="Excluída!" onDelete={vi.fn(async () => {})} {...overrides} />
);

describe('DataTable', () => {
  let view;
  afterEach(() => view?.unmount());

  it('renders headers from the labels, a row per record and the actions', () => {
    view = render(table());
    const headers = [...byTestId('things-table').querySelectorAll('thead th')].map((th) => th.textContent);
    expect(headers).toEqual(['Nome', 'Perfil', 'Ações']);
    const listed = allByTestId('thing-row');
    expect(listed.map((row) => row.dataset.name)).toEqual(['Ana', 'Bia']);
    expect(allByTestId('thing-vip').map((cell) => cell.textContent)).toEqual(['sim', 'não']);
    expect(allByTestId('thing-edit')).toHaveLength(2);
    expect(byTestId('table-empty')).toBeNull();
  });

  it('shows loading rows, a progress row while more load, and the empty text', () => {
    view = render(table({ rows: [], loading: true }));
    expect(allByTestId('table-loading-row')).toHaveLength(LOADING_ROWS);
    view.rerender(table({ loading: true }));
    expect(allByTestId('table-loading-row')).toHaveLength(0);
    expect(byTestId('things-table').querySelector('.MuiLinearProgress-root')).not.toBeNull();
    view.rerender(table({ rows: [] }));
    expect(byTestId('table-empty').textContent).toBe('Nada aqui');
  });

  it('deletes only after the confirmation, then toasts', async () => {
    const onDelete = vi.fn(async () => {});
    const toasts = [];
    const stop = onToast((item) => toasts.push(item.message));
    view = render(table({ onDelete, canDelete: (row) => row.id === 2 }));
    expect(allByTestId('thing-delete')).toHaveLength(1);
    await click(byTestId('thing-delete'));
    expect(byTestId('thing-delete-dialog').textContent).toContain('Excluir Bia?');
    expect(onDelete).not.toHaveBeenCalled();
    await click(byTestId('thing-delete-dialog-confirm'));
    stop();
    expect(onDelete).toHaveBeenCalledWith(rows[1]);
    expect(toasts).toEqual(['Excluída!']);
  });

  it('can toast what the deletion answered, as info', async () => {
    const onDelete = vi.fn(async () => ({ message: 'Coisa deletada' }));
    const toasts = [];
    const stop = onToast((item) => toasts.push(item));
    view = render(table({ onDelete, deletedMessage: (answer) => answer?.message || 'Excluída!', deletedToast: 'info' }));
    await click(byTestId('thing-delete'));
    await click(byTestId('thing-delete-dialog-confirm'));
    stop();
    expect(toasts.map(({ severity, message }) => ({ severity, message }))).toEqual([{ severity: 'info', message: 'Coisa deletada' }]);
  });

  it('offers a view icon where a row cannot be edited', () => {
    view = render(table({ canEdit: (row) => row.id === 1, viewLabel: 'Visualizar' }));
    expect(allByTestId('thing-edit').map((button) => button.getAttribute('aria-label'))).toEqual(['Editar', 'Visualizar']);
  });
});
