import { useCallback, useEffect, useRef, useState } from 'react';
import toastError from '../../../utils/toastError';
import { fetchOutbound, sendInbound } from '../api/sandboxApi';
import { digitsOf, mergeOutbound, newInboundId, pollCursor, storable } from '../api/conversation';

export const POLL_INTERVAL = 1000;

function readStored(key) {
  try {
    const list = JSON.parse(localStorage.getItem(key) || '[]');
    return Array.isArray(list) ? list : [];
  } catch {
    return [];
  }
}

/**
 * One pretend customer's conversation on a sandbox connection: the messages the customer sent
 * (kept in this browser) and what Atende delivered (GET /sandbox/{id}/outbound, polled every
 * second while mounted). Mount it anew (key) for another customer.
 */
export default function useSandboxConversation(connectionId, customer, { interval = POLL_INTERVAL } = {}) {
  const number = digitsOf(customer.number);
  const storeKey = `sandbox:${connectionId}:${number}`;
  const [sent, setSent] = useState(() => readStored(storeKey));
  const [outbound, setOutbound] = useState([]);
  const [pollError, setPollError] = useState(null);
  const [loaded, setLoaded] = useState(false);
  const outboundRef = useRef(outbound);
  const sentRef = useRef(sent);

  useEffect(() => {
    outboundRef.current = outbound;
  }, [outbound]);

  useEffect(() => {
    sentRef.current = sent;
    localStorage.setItem(storeKey, JSON.stringify(storable(sent)));
  }, [sent, storeKey]);

  useEffect(() => () => sentRef.current.forEach((message) => message.previewUrl && URL.revokeObjectURL(message.previewUrl)), []);

  useEffect(() => {
    let live = true;
    let timer = null;
    const tick = async () => {
      try {
        const data = await fetchOutbound(connectionId, { number, after: pollCursor(outboundRef.current) });
        if (!live) return;
        const next = mergeOutbound(outboundRef.current, data?.messages || []);
        outboundRef.current = next;
        setOutbound(next);
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

  const mark = (localId, status, extra) => setSent((list) => list.map((m) => (m.localId === localId ? { ...m, ...extra, status } : m)));

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
    setSent((list) => [...list, message]);
    return deliver(message);
  }, [deliver]);

  /** Posts a failed message again with the same id (a no-op if the server had it). */
  const retry = useCallback((localId) => {
    const message = sentRef.current.find((m) => m.localId === localId);
    if (message && (!message.mediaName || message.file)) deliver(message);
  }, [deliver]);

  const clear = useCallback(() => setSent([]), []);

  return { sent, outbound, pollError, loaded, send, retry, clear };
}
