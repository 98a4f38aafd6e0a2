import useSocketEvent from '../../../hooks/useSocketEvent';

/** Applies company-{id}-user events (create, update, delete) to a users list. */
export default function useUserEvents(companyId, { upsert, update, remove }) {
  useSocketEvent(companyId ? `company-${companyId}-user` : null, (data) => {
    if (data?.action === 'create' && data.user) upsert(data.user);
    if (data?.action === 'update' && data.user) update(data.user);
    if (data?.action === 'delete') remove(data.user?.id ?? data.userId);
  });
}
