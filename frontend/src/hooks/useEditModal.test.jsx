import { act } from 'react';
import { describe, expect, it, vi } from 'vitest';
import { render } from '../test/render';
import useEditModal from './useEditModal';

function mount() {
  const seen = {};
  function Probe() {
    Object.assign(seen, useEditModal());
    return null;
  }
  render(<Probe />);
  return seen;
}

describe('useEditModal', () => {
  const list = { update: vi.fn(), upsert: vi.fn() };

  it('opens empty to add: a saved record joins the list', async () => {
    const modal = mount();
    expect(modal.open).toBe(false);
    await act(async () => modal.add());
    expect(modal.open).toBe(true);
    expect(modal.record).toBeNull();
    expect(modal.saved(list)).toBe(list.upsert);
  });

  it('opens on a record to edit: the saved record replaces its row; closing forgets it', async () => {
    const modal = mount();
    await act(async () => modal.edit({ id: 7 }));
    expect(modal.open).toBe(true);
    expect(modal.record).toEqual({ id: 7 });
    expect(modal.saved(list)).toBe(list.update);
    await act(async () => modal.close());
    expect(modal.open).toBe(false);
    expect(modal.record).toBeNull();
  });
});
