import { useCallback, useEffect, useMemo, useRef, useState } from 'react';
import toastError from '../../../utils/toastError';
import { fetchOutbound, sendInbound } from '../api/sandboxApi';
import { customerMessages, digitsOf, inboundCursor, mergeById, newInboundId, pollCursor } from '../api/conversation';

export const POLL_INTERVAL = 1000;

/**
 * One pretend customer's conversation on a sandbox connection, as the server stored it: what the
 * customer sent and what Atende delivered (GET /sandbox/{id}/outbound with inboundAfter, polled
 * every second while mounted). So every panel open on the customer (another tab, the dock and a
 * dialog) shows the same whole conversation; this panel keeps only its posts not stored yet.
 * Mount it anew (key) for another customer.
 */
export default function useSandboxConversation(connectionId, customer, { interval = POLL_INTERVAL } = {}) {
  const number = digitsOf(customer.number);
  const [pending, setPending] = useState([]);
  const [received, setReceived] = useState([]);
  const [outbound, setOutbound] = useState([]);
  const [pollError, setPollError] = useState(null);
  const [loaded, setLoaded] = useState(false);
  // The poll's cursors read the lists as the last poll left them.
  const serverRef = useRef({ received, outbound });
  const pendingRef = useRef(pending);

  useEffect(() => {
    pendingRef.current = pending;
  }, [pending]);

  useEffect(() => () => pendingRef.current.forEach((message) => message.previewUrl && URL.revokeObjectURL(message.previewUrl)), []);

  useEffect(() => {
    let live = true;
    let timer = null;
    const tick = async () => {
      try {
        const server = serverRef.current;
        const data = await fetchOutbound(connectionId, {
          number, after: pollCursor(server.outbound), inboundAfter: inboundCursor(server.received),
        });
        if (!live) return;
        const next = { received: mergeById(server.received, data?.inbound || []), outbound: mergeById(server.outbound, data?.messages || []) };
        serverRef.current = next;
        setReceived(next.received);
        setOutbound(next.outbound);
        setPollError(null);
        setLoaded(true);
      } catch (error) {
        if (live) setPollError(error);
      }
      if (live) timer = setTimeout(tick, interval);
    };
    tick();
    return () => {
      live = false;
      clearTimeout(timer);
    };
  }, [connectionId, number, interval]);

  const mark = (localId, status, extra) => setPending((list) => list.map((m) => (m.localId === localId ? { ...m, ...extra, status } : m)));

  const deliver = useCallback(async (message) => {
    mark(message.localId, 'sending');
    try {
      const answer = await sendInbound(connectionId, {
        id: message.localId, number, name: customer.name?.trim() || number, body: message.body || '', file: message.file,
      });
      mark(message.localId, 'sent', answer?.receivedAt && !answer.duplicate ? { receivedAt: answer.receivedAt } : undefined);
    } catch (error) {
      mark(message.localId, 'error');
      toastError(error);
    }
  }, [connectionId, number, customer.name]);

  /** The customer writes: text and/or one file. */
  const send = useCallback(({ body, file }) => {
    const message = {
      localId: newInboundId(),
      body: body || '',
      sentAt: Date.now(),
      status: 'sending',
      ...(file ? {
        file, mediaName: file.name, mediaType: file.type,
        previewUrl: file.type?.startsWith('image/') ? URL.createObjectURL(file) : undefined,
      } : {}),
    };
    setPending((list) => [...list, message]);
    return deliver(message);
  }, [deliver]);

  /** Posts a failed message again with the same id (a no-op if the server had it). */
  const retry = useCallback((localId) => {
    const message = pendingRef.current.find((m) => m.localId === localId);
    if (message && (!message.mediaName || message.file)) deliver(message);
  }, [deliver]);

  const sent = useMemo(() => customerMessages(received, pending), [received, pending]);

  return { sent, outbound, pollError, loaded, send, retry };
}
