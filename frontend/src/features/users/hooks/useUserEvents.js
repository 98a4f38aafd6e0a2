import useSocketEvent from '../../../hooks/useSocketEvent';

/** Applies company-{id}-user events (create, update, delete) to a users list. */
export default function useUserEvents(companyId, { upsert, remove }) {
  useSocketEvent(companyId ? `company-${companyId}-user` : null, (data) => {
    if (!data) return;
    if ((data.action === 'create' || data.action === 'update') && data.user) upsert(data.user);
    if (data.action === 'delete') remove(data.user?.id ?? data.userId);
  });
}
