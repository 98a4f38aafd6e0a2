import { useCallback, useEffect, useRef, useState } from 'react';
import useSocketEvent from '../../../hooks/useSocketEvent';
import toastError from '../../../utils/toastError';
import { listMessages } from '../api/messagesApi';
import { mergeMessages } from '../utils/messageRules';

/**
 * Messages of one ticket, oldest first: the newest page, older pages on demand
 * (GET /messages/{ticketId}?before={oldest id}) and appMessage create/update/delete events of
 * the ticket's room.
 */
export default function useMessages(ticketId, companyId) {
  const [messages, setMessages] = useState([]);
  const [hasMore, setHasMore] = useState(false);
  const [loading, setLoading] = useState(false);
  const [loaded, setLoaded] = useState(false);
  const loadingRef = useRef(false);

  useEffect(() => {
    if (!ticketId) return undefined;
    let active = true;
    setMessages([]);
    setLoaded(false);
    setLoading(true);
    loadingRef.current = true;
    listMessages(ticketId)
      .then((data) => {
        if (!active) return;
        setMessages(data?.messages || []);
        setHasMore(Boolean(data?.hasMore));
        setLoaded(true);
      })
      .catch((error) => active && toastError(error))
      .finally(() => {
        if (!active) return;
        setLoading(false);
        loadingRef.current = false;
      });
    return () => {
      active = false;
    };
  }, [ticketId]);

  /** Loads the page before the oldest message; resolves true when something was added. */
  const loadOlder = useCallback(async () => {
    if (!hasMore || loadingRef.current || !messages.length) return false;
    loadingRef.current = true;
    setLoading(true);
    try {
      const data = await listMessages(ticketId, messages[0].id);
      setMessages((current) => mergeMessages(current, data?.messages || [], { prepend: true }));
      setHasMore(Boolean(data?.hasMore));
      return true;
    } catch (error) {
      toastError(error);
      return false;
    } finally {
      loadingRef.current = false;
      setLoading(false);
    }
  }, [hasMore, messages, ticketId]);

  /** Adds or replaces messages (a send's answer, an edit). */
  const upsert = useCallback((incoming) => {
    const list = (Array.isArray(incoming) ? incoming : [incoming]).filter(Boolean);
    if (list.length) setMessages((current) => mergeMessages(current, list));
  }, []);

  useSocketEvent(ticketId && companyId ? `company-${companyId}-appMessage` : null, (data) => {
    const message = data?.message;
    if (!message || Number(message.ticketId) !== Number(ticketId)) return;
    if (data.action === 'create' || data.action === 'update') upsert(message);
    if (data.action === 'delete') {
      setMessages((current) => current.map((m) => (m.id === message.id ? { ...m, ...message, isDeleted: true } : m)));
    }
  });

  return { messages, hasMore, loading, loaded, loadOlder, upsert };
}
