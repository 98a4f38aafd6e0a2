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

/**
 * Paged GET of a list (pageNumber from 1, answers { [itemsKey]: [...], hasMore, count? }) with
 * local edits for saves and real-time events: upsert (added on top when not listed), update
 * (changes to a listed item only) and remove. params: the filters (empty values are left out).
 *
 * Answers never undo newer data: a load of other filters (a search typed or cleared) or a
 * reload makes every older load's answer void, and the edits made while a load was on its way
 * (a save, an event) are applied again on top of its answer, which the server may have read
 * before them.
 */
export default function usePagedList(path, itemsKey, params = {}) {
  const filters = withoutEmpty(params);
  const key = JSON.stringify([path, filters]);
  const [state, setState] = useState({ key, pages: null, error: null, loading: true });
  // load: the number of the newest load (older answers are dropped); edits: those made since it started.
  const latest = useRef({ load: 0, edits: [] });

  const load = useCallback((pageNumber) => {
    const id = ++latest.current.load;
    latest.current.edits = [];
    setState((current) => ({ ...current, loading: true }));
    fetcher([path, { ...filters, pageNumber }]).then(
      (page) => {
        if (id !== latest.current.load) return;
        const { edits } = latest.current;
        latest.current.edits = [];
        setState((current) => {
          const kept = pageNumber === 1 ? [] : (current.pages || []).slice(0, pageNumber - 1);
          const pages = edits.reduce((result, edit) => edit(result), [...kept, page || {}]);
          return { ...current, pages, error: null, loading: false };
        });
      },
      (error) => {
        if (id === latest.current.load) setState((current) => ({ ...current, error, loading: false }));
      },
    );
    // eslint-disable-next-line react-hooks/exhaustive-deps -- key covers path and filters
  }, [key]);

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

  const loadMore = useCallback(() => {
    if (hasMore && !current.loading) load(pages.length + 1);
  }, [hasMore, current.loading, load, pages]);

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
