import { getToken } from './api';

export const RECONNECT_DELAY = 1000;
export const USER_STATUS_INTERVAL = 300000;

export function socketUrl(token, backendUrl = import.meta.env.VITE_BACKEND_URL, location = window.location) {
  const base = backendUrl
    ? backendUrl.replace(/^http/, 'ws').replace(/\/$/, '')
    : `${location.protocol === 'https:' ? 'wss' : 'ws'}://${location.host}`;
  return `${base}/socket?token=${encodeURIComponent(token || '')}`;
}

/**
 * Reconnecting JSON WebSocket client. Rooms joined stay joined across reconnects;
 * the URL (and so the token) is read again on every attempt.
 */
export function createSocket({
  getUrl,
  WebSocketImpl = globalThis.WebSocket,
  reconnectDelay = RECONNECT_DELAY,
  statusInterval = USER_STATUS_INTERVAL,
}) {
  const handlers = new Map();
  const rooms = new Map();
  const dropListeners = new Set();
  let ws = null;
  let active = false;
  let reconnectTimer = null;
  let statusTimer = null;

  const isOpen = () => Boolean(ws) && ws.readyState === (WebSocketImpl.OPEN ?? 1);

  function send(message) {
    if (!isOpen()) return false;
    ws.send(JSON.stringify(message));
    return true;
  }

  function deliver(frame) {
    const listeners = frame && handlers.get(frame.event);
    if (listeners) [...listeners].forEach((handler) => handler(frame.data));
  }

  // A message is one frame, or an array of the frames the server had queued together.
  function dispatch(raw) {
    let parsed;
    try {
      parsed = JSON.parse(raw);
    } catch {
      return;
    }
    if (Array.isArray(parsed)) parsed.forEach(deliver);
    else deliver(parsed);
  }

  function open() {
    const current = new WebSocketImpl(getUrl());
    let wasOpen = false;
    ws = current;
    current.onopen = () => {
      wasOpen = true;
      send({ type: 'userStatus' });
      rooms.forEach((message) => send(message));
    };
    current.onmessage = (event) => dispatch(event.data);
    current.onclose = (event) => {
      if (ws !== current) return;
      ws = null;
      if (!active) return;
      if (wasOpen) [...dropListeners].forEach((listener) => listener(event));
      reconnectTimer = setTimeout(open, reconnectDelay);
    };
  }

  function join(key, message) {
    rooms.set(key, message);
    send(message);
  }

  function leave(key, message) {
    rooms.delete(key);
    send(message);
  }

  return {
    connect() {
      if (active) return;
      active = true;
      open();
      statusTimer = setInterval(() => send({ type: 'userStatus' }), statusInterval);
    },
    disconnect() {
      active = false;
      clearTimeout(reconnectTimer);
      clearInterval(statusTimer);
      rooms.clear();
      const current = ws;
      ws = null;
      if (current) current.close();
    },
    isConnected: isOpen,
    send,
    subscribe(event, handler) {
      if (!handlers.has(event)) handlers.set(event, new Set());
      handlers.get(event).add(handler);
      return () => {
        const listeners = handlers.get(event);
        listeners?.delete(handler);
        if (listeners?.size === 0) handlers.delete(event);
      };
    },
    /**
     * Called with the close event when a live connection is closed by the other side (not by
     * disconnect()); its reason may say why (ERR_SESSION_EXPIRED, ERR_SUBSCRIPTION_EXPIRED).
     */
    onDrop(listener) {
      dropListeners.add(listener);
      return () => dropListeners.delete(listener);
    },
    joinNotification: () => join('notification', { type: 'joinNotification' }),
    leaveNotification: () => leave('notification', { type: 'leaveNotification' }),
    joinTickets: (status) => join(`tickets:${status}`, { type: 'joinTickets', status }),
    leaveTickets: (status) => leave(`tickets:${status}`, { type: 'leaveTickets', status }),
    joinChatBox: (ticketId) => join(`chat:${ticketId}`, { type: 'joinChatBox', ticketId }),
    leaveChatBox: (ticketId) => leave(`chat:${ticketId}`, { type: 'leaveChatBox', ticketId }),
  };
}

export const socket = createSocket({ getUrl: () => socketUrl(getToken()) });
