import { afterEach, describe, expect, it, vi } from 'vitest';
import { allByTestId, byTestId, click, render } from '../../../test/render';
import FlowsTable from './FlowsTable';

const flows = [{ id: 1, name: 'Boas-vindas', active: true }, { id: 2, name: 'Antigo', active: false }];

describe('FlowsTable', () => {
  let view;
  afterEach(() => view?.unmount());

  it('shows Ativo/Desativado, opens a flow on a row click', async () => {
    const onOpen = vi.fn();
    view = render(<FlowsTable flows={flows} loading={false} onOpen={onOpen} onAction={vi.fn()} />);
    expect(allByTestId('flow-status').map((chip) => chip.textContent)).toEqual(['Ativo', 'Desativado']);
    await click(allByTestId('flow-row')[1]);
    expect(onOpen).toHaveBeenCalledWith(flows[1]);
  });

  it('renames and edits straight away; duplicates and deletes after the spec confirmations', async () => {
    const onOpen = vi.fn();
    const onAction = vi.fn();
    view = render(<FlowsTable flows={flows} loading={false} onOpen={onOpen} onAction={onAction} />);
    await click(allByTestId('flow-menu')[0]);
    expect(onOpen).not.toHaveBeenCalled();
    await click(byTestId('flow-menu-rename'));
    expect(onAction).toHaveBeenLastCalledWith('rename', flows[0]);

    await click(allByTestId('flow-menu')[0]);
    await click(byTestId('flow-menu-duplicate'));
    expect(byTestId('flow-confirm').textContent).toContain('Tem certeza que deseja duplicar este fluxo?');
    expect(onAction).toHaveBeenCalledTimes(1);
    await click(byTestId('flow-confirm-confirm'));
    expect(onAction).toHaveBeenLastCalledWith('duplicate', flows[0]);

    await click(allByTestId('flow-menu')[1]);
    await click(byTestId('flow-menu-delete'));
    expect(byTestId('flow-confirm').textContent)
      .toContain('Tem certeza que deseja deletar este fluxo? Todas as integrações relacionados serão perdidos.');
    await click(byTestId('flow-confirm-confirm'));
    expect(onAction).toHaveBeenLastCalledWith('delete', flows[1]);
  }, 20000);
});
