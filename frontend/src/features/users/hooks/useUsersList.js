import { useCallback, useMemo } from 'react';
import useSWRInfinite from 'swr/infinite';
import { USERS_PATH } from '../api/usersApi';
import { withChanges, withNewUser, withoutUser } from './usersPages';

/**
 * Paged GET /users/ (pages from 1) with local changes for saves and real-time events:
 * upsert (a whole user, added on top when not listed), update (changes to a listed user only,
 * e.g. presence) and remove.
 */
export default function useUsersList(searchParam) {
  const getKey = (index, previous) => {
    if (previous && !previous.hasMore) return null;
    return [USERS_PATH, { searchParam, pageNumber: index + 1 }];
  };
  const { data, error, size, setSize, isLoading, isValidating, mutate } = useSWRInfinite(getKey, {
    revalidateFirstPage: false,
  });

  const users = useMemo(() => (data || []).flatMap((page) => page.users || []), [data]);
  const hasMore = Boolean(data?.[data.length - 1]?.hasMore);
  const loading = isLoading || (isValidating && size > (data?.length || 0));

  const loadMore = useCallback(() => {
    if (hasMore && !loading) setSize(size + 1);
  }, [hasMore, loading, setSize, size]);

  const upsert = useCallback(
    (user) => mutate((pages) => (pages?.length ? withNewUser(pages, user) : pages), { revalidate: false }),
    [mutate],
  );
  const update = useCallback(
    (user) => mutate((pages) => pages && withChanges(pages, user), { revalidate: false }),
    [mutate],
  );
  const remove = useCallback(
    (id) => mutate((pages) => pages && withoutUser(pages, id), { revalidate: false }),
    [mutate],
  );

  return { users, error, hasMore, loading, loadMore, upsert, update, remove };
}
