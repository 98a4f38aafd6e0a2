import { useCallback, useMemo } from 'react';
import useSWRInfinite from 'swr/infinite';
import { USERS_PATH } from '../api/usersApi';

function replaceOrPrepend(pages, user) {
  const exists = pages.some((page) => page.users.some((u) => u.id === user.id));
  if (exists) {
    return pages.map((page) => ({ ...page, users: page.users.map((u) => (u.id === user.id ? { ...u, ...user } : u)) }));
  }
  const [first, ...rest] = pages;
  return [{ ...first, users: [user, ...first.users] }, ...rest];
}

const withoutUser = (pages, id) => pages.map((page) => ({ ...page, users: page.users.filter((u) => u.id !== id) }));

/** Paged GET /users/ (pages from 1) with local upsert/remove for real-time events and saves. */
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
    (user) => mutate((pages) => (pages?.length ? replaceOrPrepend(pages, user) : pages), { revalidate: false }),
    [mutate],
  );
  const remove = useCallback(
    (id) => mutate((pages) => pages && withoutUser(pages, id), { revalidate: false }),
    [mutate],
  );

  return { users, error, hasMore, loading, loadMore, upsert, remove };
}
