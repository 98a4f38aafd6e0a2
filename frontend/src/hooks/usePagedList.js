import { useCallback, useEffect, useMemo, useRef, useState } from 'react';
import { fetcher } from '../services/api';
import { withChanges, withItem, withoutItem } from '../utils/pagedItems';

const withoutEmpty = (params) =>
  Object.fromEntries(Object.entries(params).filter(([, value]) => value !== undefined && value !== null && value !== ''));

/** The items of the pages, each id once (a record created meanwhile can shift into a later page). */
function itemsOf(pages, itemsKey) {
  const seen = new Set();
  return (pages || []).flatMap((page) => page?.[itemsKey] || []).filter((item) => !seen.has(item.id) && seen.add(item.id));
}

const idsOf = (page, itemsKey) => (page?.[itemsKey] || []).map((item) => item.id);

/**
 * How many rows the server has fetched (seen) that are no longer listed: removed since (a save
 * or an event), so every later row of the server's order moved up by as many places.
 */
function removedCount(seen, pages, itemsKey) {
  const listed = new Set(itemsOf(pages, itemsKey).map((item) => item.id));
  return seen.filter((id) => !listed.has(id)).length;
}

/**
 * The page to ask for next: after the page cursor, or, when rows were removed since it came
 * (removed places), the page that now holds the first row not yet fetched (rows already shown
 * come again and are listed once).
 */
export function nextPage(cursor, removed, pageSize) {
  if (removed <= 0) return cursor + 1;
  if (!pageSize) return Math.max(1, cursor);
  return Math.max(1, cursor - Math.ceil(removed / pageSize) + 1);
}

/**
 * Paged GET of a list (pageNumber from 1, answers { [itemsKey]: [...], hasMore, count? }) with
 * local edits for saves and real-time events: upsert (added on top when not listed), update
 * (changes to a listed item only) and remove. params: the filters (empty values are left out).
 *
 * Answers never undo newer data: a load of other filters (a search typed or cleared) or a
 * reload makes every older load's answer void, and the edits made while a load was on its way
 * (a save, an event) are applied again on top of its answer, which the server may have read
 * before them.
 *
 * The next page is asked by number, so rows removed from the loaded pages (each moved the
 * rows after it up a place on the server) make it start that many rows earlier: the page
 * holding the first row not yet fetched is asked again (see nextPage), never skipping one.
 */
export default function usePagedList(path, itemsKey, params = {}) {
  const filters = withoutEmpty(params);
  const key = JSON.stringify([path, filters]);
  // seen: the ids of the rows fetched since page 1; cursor: the number of the last page fetched;
  // base: how many seen rows were removed when it was asked; pageSize: a full page's rows.
  const [state, setState] = useState({ key, pages: null, error: null, loading: true });
  // load: the number of the newest load (older answers are dropped); edits: those made since it started.
  const latest = useRef({ load: 0, edits: [] });

  // more: { base } to append the page to those loaded (loadMore); without it, page 1 starts again.
  const load = useCallback((pageNumber, more = null) => {
    const id = ++latest.current.load;
    latest.current.edits = [];
    setState((current) => ({ ...current, loading: true }));
    fetcher([path, { ...filters, pageNumber }]).then(
      (page) => {
        if (id !== latest.current.load) return;
        const { edits } = latest.current;
        latest.current.edits = [];
        setState((current) => {
          const first = !more;
          const kept = first ? [] : current.pages || [];
          const pages = edits.reduce((result, edit) => edit(result), [...kept, page || {}]);
          const fetched = idsOf(page, itemsKey);
          const seen = first ? fetched : [...new Set([...(current.seen || []), ...fetched])];
          const pageSize = first ? (page?.hasMore && fetched.length) || 0 : current.pageSize;
          return { ...current, pages, seen, cursor: pageNumber, base: more?.base || 0, pageSize, error: null, loading: false };
        });
      },
      (error) => {
        if (id === latest.current.load) setState((current) => ({ ...current, error, loading: false }));
      },
    );
    // eslint-disable-next-line react-hooks/exhaustive-deps -- key covers path and filters
  }, [key, itemsKey]);

  // Other filters start again from page 1 (rows of the old filters are not shown meanwhile).
  useEffect(() => {
    setState({ key, pages: null, error: null, loading: true });
    load(1);
    // Left (other filters, or the page closed): whatever is on its way is void.
    return () => {
      latest.current.load += 1;
    };
  }, [key, load]);

  const current = state.key === key ? state : { key, pages: null, error: null, loading: true };
  const { pages } = current;
  const items = useMemo(() => itemsOf(pages, itemsKey), [pages, itemsKey]);
  const hasMore = Boolean(pages?.[pages.length - 1]?.hasMore);
  const count = pages?.[0]?.count;

  const { seen, cursor, base, pageSize } = current;
  const loadMore = useCallback(() => {
    if (!hasMore || current.loading) return;
    const removed = removedCount(seen, pages, itemsKey);
    // base: the removals already counted when the next page is asked (those after are not).
    load(nextPage(cursor, removed - base, pageSize), { base: removed });
  }, [hasMore, current.loading, load, pages, seen, cursor, base, pageSize, itemsKey]);

  /** Applies an edit now, and again to the answer of the load on its way. */
  const edit = useCallback((change) => {
    latest.current.edits.push(change);
    setState((now) => (now.pages ? { ...now, pages: change(now.pages) } : now));
  }, []);

  const upsert = useCallback((item) => edit((list) => withItem(list, itemsKey, item)), [edit, itemsKey]);
  const update = useCallback((item) => edit((list) => withChanges(list, itemsKey, item)), [edit, itemsKey]);
  const remove = useCallback((id) => edit((list) => withoutItem(list, itemsKey, id)), [edit, itemsKey]);
  const reload = useCallback(() => load(1), [load]);

  return { items, error: current.error, hasMore, count, loading: current.loading, loadMore, upsert, update, remove, reload };
}
