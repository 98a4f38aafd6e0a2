import { act } from 'react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { api } from '../../../services/api';
import { allByTestId, byTestId, click, render } from '../../../test/render';
import AnnouncementsPopover from './AnnouncementsPopover';

const handlers = {};
vi.mock('../../../services/socket', () => ({
  socket: {
    subscribe: (event, handler) => { handlers[event] = handler; return () => delete handlers[event]; },
    onDrop: () => () => {},
  },
}));

const settle = () => act(async () => new Promise((resolve) => setTimeout(resolve, 10)));

describe('AnnouncementsPopover', () => {
  let view;
  afterEach(() => {
    view?.unmount();
    vi.restoreAllMocks();
  });

  it('lists the active announcements and follows company-announcement live', async () => {
    vi.spyOn(api, 'get').mockResolvedValue([{ id: 1, title: 'Manutenção', text: 'Hoje', priority: 1, status: true, createdAt: new Date().toISOString() }]);
    view = render(<AnnouncementsPopover />);
    await settle();
    expect(byTestId('announcements-badge').textContent).toContain('1');
    await act(async () => handlers['company-announcement']({ action: 'create', record: { id: 2, title: 'Novidade', text: 'x', priority: 3, status: true } }));
    await act(async () => handlers['company-announcement']({ action: 'create', record: { id: 3, title: 'Rascunho', text: 'y', priority: 2, status: false } }));
    await click(byTestId('announcements-button'));
    const items = allByTestId('announcement-item');
    expect(items).toHaveLength(2);
    expect(byTestId('announcements-popover').textContent).not.toContain('Rascunho');
    expect(items[0].textContent).toContain('Manutenção');
    await act(async () => handlers['company-announcement']({ action: 'delete', id: 1 }));
    expect(allByTestId('announcement-item')).toHaveLength(1);
  });
});
