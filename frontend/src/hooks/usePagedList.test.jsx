import { act } from 'react';
import { createRoot } from 'react-dom/client';
import { SWRConfig } from 'swr';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { fetcher } from '../services/api';
import usePagedList from './usePagedList';

vi.mock('../services/api', () => ({ fetcher: vi.fn() }));

globalThis.IS_REACT_ACT_ENVIRONMENT = true;

const admin = { id: 1, name: 'Admin' };
const ana = { id: 2, name: 'Ana' };
const renamed = { ...ana, name: 'Ana Maria' };
const temp = { id: 3, name: 'Temp' };

/** GET /users/ held until the test answers it: answer(i, users, { hasMore }) resolves the i-th call. */
function holdRequests() {
  const calls = [];
  fetcher.mockImplementation((key) => new Promise((resolve) => calls.push({ key, resolve })));
  const answer = (index, users, { hasMore = false } = {}) =>
    act(async () => calls[index].resolve({ users, hasMore, count: users.length }));
  return { calls, answer };
}

/** Mounts the users list; search(text) changes its search param as the debounced box does. */
function mountList(searchParam = '') {
  const container = document.createElement('div');
  const root = createRoot(container);
  const state = {};
  function Probe({ value }) {
    Object.assign(state, usePagedList('/users/', 'users', { searchParam: value }));
    return null;
  }
  // A fresh SWR cache per test, as the app's provider would give (the old hook kept pages there).
  const render = (value) => act(() => root.render(
    <SWRConfig value={{ provider: () => new Map(), fetcher }}><Probe value={value} /></SWRConfig>,
  ));
  render(searchParam);
  return { state, search: render, unmount: () => act(() => root.unmount()) };
}

const names = (state) => state.items.map((user) => user.name);
const settle = () => act(async () => new Promise((resolve) => setTimeout(resolve, 20)));

describe('usePagedList: an answer never replaces newer data', () => {
  let server;
  let list;
  beforeEach(() => {
    fetcher.mockReset();
    server = holdRequests();
  });
  afterEach(() => list?.unmount());

  it('keeps the saves made while the reload of a cleared search was on its way (the e2e race)', async () => {
    list = mountList('');
    await settle();
    await server.answer(0, [admin]);
    await act(async () => list.state.upsert(ana));
    list.search('ana');
    await settle();
    await server.answer(1, [ana]);

    list.search('');
    await settle();
    expect(server.calls.map((call) => call.key[1])).toEqual([{ pageNumber: 1 }, { searchParam: 'ana', pageNumber: 1 }, { pageNumber: 1 }]);
    // Saved while the reload is on its way: Ana renamed, Temp created.
    await act(async () => list.state.upsert(renamed));
    await act(async () => list.state.upsert(temp));
    // The reload answers what the server read before those saves.
    await server.answer(2, [ana, admin]);
    await settle();
    expect(names(list.state)).toEqual(['Temp', 'Ana Maria', 'Admin']);
    expect(list.state.count).toBe(3);
  });

  it('shows what the server has once a search is cleared, not the page cached before it (saved while searching)', async () => {
    list = mountList('');
    await settle();
    await server.answer(0, [admin]);
    await act(async () => list.state.upsert(ana));
    list.search('ana');
    await settle();
    await server.answer(1, [ana]);
    // Saved while the search still shows: Ana renamed, Temp created.
    await act(async () => list.state.upsert(renamed));
    await act(async () => list.state.upsert(temp));
    expect(names(list.state)).toEqual(['Temp', 'Ana Maria']);

    list.search('');
    await settle();
    expect(list.state.items).toEqual([]);
    expect(list.state.loading).toBe(true);
    await server.answer(2, [renamed, temp, admin]);
    await settle();
    expect(names(list.state)).toEqual(['Ana Maria', 'Temp', 'Admin']);
  });

  it('keeps the first page when an event arrives while it loads', async () => {
    list = mountList('');
    await settle();
    await act(async () => list.state.update({ id: 1, online: true }));
    await server.answer(0, [admin, ana]);
    await settle();
    expect(names(list.state)).toEqual(['Admin', 'Ana']);
    expect(list.state.items[0].online).toBe(true);
    expect(list.state.loading).toBe(false);
  });

  it('drops the answer of a search typed over, whichever arrives last', async () => {
    list = mountList('a');
    await settle();
    list.search('an');
    await settle();
    await server.answer(1, [ana]);
    await server.answer(0, [admin, ana]);
    await settle();
    expect(names(list.state)).toEqual(['Ana']);
  });

  it('appends the next page and keeps edits made while it loaded', async () => {
    list = mountList('');
    await settle();
    await server.answer(0, [admin], { hasMore: true });
    act(() => list.state.loadMore());
    await settle();
    expect(server.calls[1].key).toEqual(['/users/', { pageNumber: 2 }]);
    await act(async () => list.state.remove(admin.id));
    await server.answer(1, [ana, admin]);
    await settle();
    expect(names(list.state)).toEqual(['Ana']);
    expect(list.state.hasMore).toBe(false);
  });
});

describe('usePagedList: rows removed before the next page', () => {
  const rows = 'abcdefgh'.split('').map((name, index) => ({ id: index + 1, name }));
  const [a, b, c, d, e, f, g] = rows;
  let server;
  let list;
  beforeEach(() => {
    fetcher.mockReset();
    server = holdRequests();
  });
  afterEach(() => list?.unmount());

  const pageAsked = (index) => server.calls[index].key[1].pageNumber;

  it('asks again the page that now holds the row after the last one shown', async () => {
    list = mountList('');
    await settle();
    await server.answer(0, [a, b], { hasMore: true });
    await act(async () => list.state.remove(a.id));
    act(() => list.state.loadMore());
    await settle();
    // The server now has b, c, d…: page 2 would start at d and c would never show.
    expect(pageAsked(1)).toBe(1);
    await server.answer(1, [b, c], { hasMore: true });
    await settle();
    expect(names(list.state)).toEqual(['b', 'c']);
    act(() => list.state.loadMore());
    await settle();
    expect(pageAsked(2)).toBe(2);
    await server.answer(2, [d, e], { hasMore: false });
    await settle();
    expect(names(list.state)).toEqual(['b', 'c', 'd', 'e']);
    expect(list.state.hasMore).toBe(false);
  });

  it('steps back as many pages as the removed rows fill', async () => {
    list = mountList('');
    await settle();
    await server.answer(0, [a, b], { hasMore: true });
    act(() => list.state.loadMore());
    await settle();
    await server.answer(1, [c, d], { hasMore: true });
    await settle();
    for (const row of [a, b, c]) {
      // eslint-disable-next-line no-await-in-loop
      await act(async () => list.state.remove(row.id));
    }
    act(() => list.state.loadMore());
    await settle();
    // d, e, f…: page 1 holds e, the first row not fetched.
    expect(pageAsked(2)).toBe(1);
    await server.answer(2, [d, e], { hasMore: true });
    await settle();
    act(() => list.state.loadMore());
    await settle();
    expect(pageAsked(3)).toBe(2);
    await server.answer(3, [f, g], { hasMore: true });
    await settle();
    expect(names(list.state)).toEqual(['d', 'e', 'f', 'g']);
  });

  it('without removals, the next page follows the last', async () => {
    list = mountList('');
    await settle();
    await server.answer(0, [a, b], { hasMore: true });
    await act(async () => list.state.upsert({ id: 99, name: 'novo' }));
    act(() => list.state.loadMore());
    await settle();
    expect(pageAsked(1)).toBe(2);
  });
});
