import { act } from 'react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import usePagedList from '../hooks/usePagedList';
import { fetcher } from '../services/api';
import { allByTestId, render } from '../test/render';
import ListPage from './ListPage';

vi.mock('../services/api', () => ({ fetcher: vi.fn() }));

const ROW = 100;
const settle = () => act(async () => new Promise((resolve) => { setTimeout(resolve, 20); }));

/** A list page on usePagedList, each row ROW px high. */
function Things() {
  const list = usePagedList('/things', 'things');
  return (
    <ListPage testId="things" title="Coisas" onEndReached={list.loadMore}>
      {list.items.map((item) => <div key={item.id} data-testid="thing">{item.name}</div>)}
    </ListPage>
  );
}

/** jsdom lays nothing out: the pane is paneHeight px high (0: hidden) and its rows ROW px each. */
function layOut(paneHeight) {
  const isPane = (element) => element.dataset?.testid === 'things-scroll';
  const spies = [
    vi.spyOn(HTMLElement.prototype, 'clientHeight', 'get').mockImplementation(function height() {
      return isPane(this) ? paneHeight : 0;
    }),
    vi.spyOn(HTMLElement.prototype, 'scrollHeight', 'get').mockImplementation(function height() {
      return isPane(this) ? this.querySelectorAll('[data-testid="thing"]').length * ROW : 0;
    }),
  ];
  return () => spies.forEach((spy) => spy.mockRestore());
}

const pageOf = (number, hasMore) => ({
  things: [1, 2].map((n) => ({ id: number * 10 + n, name: `p${number}-${n}` })),
  hasMore,
});

describe('ListPage', () => {
  let view;
  let restore;
  beforeEach(() => {
    fetcher.mockReset();
    fetcher.mockImplementation(async ([, { pageNumber }]) => pageOf(pageNumber, pageNumber < 5));
  });
  afterEach(() => {
    view?.unmount();
    restore?.();
  });

  it('loads pages until the rows fill the pane, then waits for the scroll', async () => {
    // 2 rows a page, 350 px of pane: 2 pages (400 px) still leave the bottom in reach, 3 do not.
    restore = layOut(350);
    view = render(<Things />);
    await settle();
    await settle();
    expect(fetcher.mock.calls.map(([[, params]]) => params.pageNumber)).toEqual([1, 2, 3]);
    expect(allByTestId('thing')).toHaveLength(6);
  });

  it('stops when no page is left', async () => {
    fetcher.mockImplementation(async ([, { pageNumber }]) => pageOf(pageNumber, pageNumber < 2));
    restore = layOut(2000);
    view = render(<Things />);
    await settle();
    await settle();
    expect(fetcher.mock.calls.map(([[, params]]) => params.pageNumber)).toEqual([1, 2]);
  });

  it('a pane not shown (no height) asks nothing more', async () => {
    restore = layOut(0);
    view = render(<Things />);
    await settle();
    await settle();
    expect(fetcher).toHaveBeenCalledTimes(1);
  });
});
