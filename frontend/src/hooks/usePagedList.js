import { useCallback, useMemo } from 'react';
import useSWRInfinite from 'swr/infinite';
import { withChanges, withItem, withoutItem } from '../utils/pagedItems';

/**
 * Paged GET of a list (pageNumber from 1, answers { [itemsKey]: [...], hasMore, count? }) with
 * local edits for saves and real-time events: upsert (added on top when not listed), update
 * (changes to a listed item only) and remove. params: the filters (empty values are left out).
 */
export default function usePagedList(path, itemsKey, params = {}) {
  const filters = Object.fromEntries(Object.entries(params).filter(([, value]) => value !== undefined && value !== null && value !== ''));
  const getKey = (index, previous) => {
    if (previous && !previous.hasMore) return null;
    return [path, { ...filters, pageNumber: index + 1 }];
  };
  const { data, error, size, setSize, isLoading, isValidating, mutate } = useSWRInfinite(getKey, {
    revalidateFirstPage: false,
  });

  const items = useMemo(() => (data || []).flatMap((page) => page?.[itemsKey] || []), [data, itemsKey]);
  const hasMore = Boolean(data?.[data.length - 1]?.hasMore);
  const count = data?.[0]?.count;
  const loading = isLoading || (isValidating && size > (data?.length || 0));

  const loadMore = useCallback(() => {
    if (hasMore && !loading) setSize(size + 1);
  }, [hasMore, loading, setSize, size]);

  const upsert = useCallback(
    (item) => mutate((pages) => withItem(pages, itemsKey, item), { revalidate: false }),
    [mutate, itemsKey],
  );
  const update = useCallback(
    (item) => mutate((pages) => pages && withChanges(pages, itemsKey, item), { revalidate: false }),
    [mutate, itemsKey],
  );
  const remove = useCallback(
    (id) => mutate((pages) => withoutItem(pages, itemsKey, id), { revalidate: false }),
    [mutate, itemsKey],
  );
  const reload = useCallback(() => mutate(), [mutate]);

  return { items, error, hasMore, count, loading, loadMore, upsert, update, remove, reload };
}
