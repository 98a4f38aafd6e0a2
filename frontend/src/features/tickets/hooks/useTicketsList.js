import { useCallback, useEffect, useMemo, useReducer, useRef, useState } from 'react';
import { DEBOUNCE_MS } from '../../../hooks/useDebouncedValue';
import useSocketEvent from '../../../hooks/useSocketEvent';
import { socket } from '../../../services/socket';
import toastError from '../../../utils/toastError';
import { listTickets } from '../api/ticketsApi';
import { initialTicketsState, ticketsReducer } from '../utils/ticketsReducer';

export const LOAD_DEBOUNCE = DEBOUNCE_MS;

/**
 * One ticket list (a tab or a view): pages of GET /tickets (from 1), the status room joined
 * while mounted, and the ticket / appMessage / contact events applied to it.
 *
 * filters: { status, searchParam, searchOnMessages, queueIds, tags, users, whatsappIds, showAll, sort }
 * rules: { companyId, userId, canSeeNoQueue }
 */
export default function useTicketsList(filters, rules, { enabled = true } = {}) {
  const [state, dispatch] = useReducer(ticketsReducer, initialTicketsState);
  const [loading, setLoading] = useState(false);
  const [error, setError] = useState(null);
  const key = JSON.stringify(filters);
  const [paging, setPaging] = useState({ key, page: 1 });
  const page = paging.key === key ? paging.page : 1;
  const request = useRef(0);

  const ctx = useMemo(
    () => ({
      status: filters.status,
      queueIds: filters.queueIds,
      userId: rules.userId,
      showAll: filters.showAll,
      canSeeNoQueue: rules.canSeeNoQueue,
      sort: filters.sort,
      onlyKnown: !filters.status || Boolean(filters.searchParam),
    }),
    // eslint-disable-next-line react-hooks/exhaustive-deps -- key covers filters
    [key, rules.userId, rules.canSeeNoQueue],
  );

  // A change of filters starts again from page 1.
  useEffect(() => {
    dispatch({ type: 'reset' });
  }, [key]);

  // spec/1 §9: a list loads once its filters (and page) have been quiet for 500 ms, so typing
  // a search or clicking filters sends one request, not one per change.
  useEffect(() => {
    if (!enabled) {
      setLoading(false);
      return undefined;
    }
    const id = ++request.current;
    let active = true;
    setLoading(true);
    const timer = setTimeout(() => {
      listTickets({ ...filters, sortTickets: filters.sort, pageNumber: page })
        .then((data) => {
          if (!active || id !== request.current) return;
          dispatch({ type: 'page', first: page === 1, page: data || {} });
          setError(null);
        })
        .catch((err) => {
          if (!active) return;
          setError(err);
          toastError(err);
        })
        .finally(() => {
          if (active && id === request.current) setLoading(false);
        });
    }, LOAD_DEBOUNCE);
    return () => {
      active = false;
      clearTimeout(timer);
    };
    // eslint-disable-next-line react-hooks/exhaustive-deps -- key covers filters
  }, [key, page, enabled]);

  // The list's status room; the search view relies on the notification room joined at sign-in.
  useEffect(() => {
    if (!enabled || !filters.status) return undefined;
    socket.joinTickets(filters.status);
    return () => socket.leaveTickets(filters.status);
  }, [enabled, filters.status]);

  const { companyId } = rules;
  useSocketEvent(enabled && companyId ? `company-${companyId}-ticket` : null, (data) => {
    if (data?.action === 'update' && data.ticket) dispatch({ type: 'update', ticket: data.ticket, ctx });
    if (data?.action === 'delete') dispatch({ type: 'delete', ticketId: data.ticketId ?? data.ticket?.id });
    if (data?.action === 'updateUnread') dispatch({ type: 'unread', ticketId: data.ticketId });
  });
  useSocketEvent(enabled && companyId ? `company-${companyId}-appMessage` : null, (data) => {
    if (data?.action === 'create' && data.ticket) {
      dispatch({ type: 'message', ticket: data.ticket, message: data.message, contact: data.contact, ctx });
    }
  });
  useSocketEvent(enabled && companyId ? `company-${companyId}-contact` : null, (data) => {
    if (data?.action === 'update' && data.contact) dispatch({ type: 'contact', contact: data.contact });
  });

  const loadMore = useCallback(() => {
    if (state.hasMore && !loading) setPaging({ key, page: page + 1 });
  }, [state.hasMore, loading, key, page]);

  const reload = useCallback(() => {
    setPaging({ key, page: 1 });
    request.current += 1;
    dispatch({ type: 'reset' });
    listTickets({ ...filters, sortTickets: filters.sort, pageNumber: 1 })
      .then((data) => dispatch({ type: 'page', first: true, page: data || {} }))
      .catch(toastError);
    // eslint-disable-next-line react-hooks/exhaustive-deps -- key covers filters
  }, [key]);

  return { ...state, loading, error, loadMore, reload };
}
