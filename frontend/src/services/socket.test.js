import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { createSocket, socketUrl } from './socket';

class FakeWebSocket {
  static OPEN = 1;
  static instances = [];

  constructor(url) {
    this.url = url;
    this.readyState = 0;
    this.sent = [];
    FakeWebSocket.instances.push(this);
  }

  send(data) {
    this.sent.push(JSON.parse(data));
  }

  close() {
    this.readyState = 3;
    this.onclose?.({});
  }

  // helpers driven by the tests
  serverOpen() {
    this.readyState = 1;
    this.onopen?.({});
  }

  serverClose(event = {}) {
    this.readyState = 3;
    this.onclose?.(event);
  }

  serverSend(frame) {
    this.onmessage?.({ data: typeof frame === 'string' ? frame : JSON.stringify(frame) });
  }
}

const last = () => FakeWebSocket.instances[FakeWebSocket.instances.length - 1];

describe('socket client', () => {
  let token;
  let client;

  beforeEach(() => {
    vi.useFakeTimers();
    FakeWebSocket.instances = [];
    token = 'token-1';
    client = createSocket({ getUrl: () => `ws://test/socket?token=${token}`, WebSocketImpl: FakeWebSocket });
  });

  afterEach(() => {
    client.disconnect();
    vi.useRealTimers();
  });

  it('connects with the current token and announces the user status on open', () => {
    client.connect();
    expect(last().url).toBe('ws://test/socket?token=token-1');
    last().serverOpen();
    expect(last().sent).toEqual([{ type: 'userStatus' }]);
  });

  it('sends room joins made before the connection opens once it opens', () => {
    client.connect();
    client.joinNotification();
    client.joinTickets('open');
    last().serverOpen();
    expect(last().sent).toEqual([
      { type: 'userStatus' },
      { type: 'joinNotification' },
      { type: 'joinTickets', status: 'open' },
    ]);
  });

  it('reconnects 1 s after a close, re-reading the token, without limit', () => {
    client.connect();
    last().serverOpen();
    for (let attempt = 2; attempt <= 6; attempt += 1) {
      token = `token-${attempt}`;
      last().serverClose();
      vi.advanceTimersByTime(999);
      expect(FakeWebSocket.instances).toHaveLength(attempt - 1);
      vi.advanceTimersByTime(1);
      expect(FakeWebSocket.instances).toHaveLength(attempt);
      expect(last().url).toBe(`ws://test/socket?token=token-${attempt}`);
    }
  });

  it('rejoins its rooms after reconnecting, but not the ones it left', () => {
    client.connect();
    last().serverOpen();
    client.joinNotification();
    client.joinChatBox('abc-uuid');
    client.joinTickets('pending');
    client.leaveTickets('pending');
    last().serverClose();
    vi.advanceTimersByTime(1000);
    last().serverOpen();
    expect(last().sent).toEqual([
      { type: 'userStatus' },
      { type: 'joinNotification' },
      { type: 'joinChatBox', ticketId: 'abc-uuid' },
    ]);
  });

  it('stops reconnecting after disconnect()', () => {
    client.connect();
    last().serverOpen();
    client.disconnect();
    vi.advanceTimersByTime(10000);
    expect(FakeWebSocket.instances).toHaveLength(1);
    expect(last().readyState).toBe(3);
  });

  it('delivers frames to subscribers of their event until they unsubscribe', () => {
    const handler = vi.fn();
    const other = vi.fn();
    const unsubscribe = client.subscribe('company-1-user', handler);
    client.subscribe('company-1-auth', other);
    client.connect();
    last().serverOpen();
    last().serverSend({ event: 'company-1-user', data: { action: 'update', user: { id: 2 } } });
    last().serverSend('not json');
    expect(handler).toHaveBeenCalledWith({ action: 'update', user: { id: 2 } });
    expect(other).not.toHaveBeenCalled();
    unsubscribe();
    last().serverSend({ event: 'company-1-user', data: { action: 'delete', userId: 2 } });
    expect(handler).toHaveBeenCalledTimes(1);
  });

  it('delivers the frames of a batched message in order', () => {
    const seen = [];
    client.subscribe('company-1-appMessage', (data) => seen.push(data.n));
    client.subscribe('company-1-ticket', (data) => seen.push(`t${data.n}`));
    client.connect();
    last().serverOpen();
    last().serverSend([
      { event: 'company-1-appMessage', data: { n: 1 } },
      { event: 'company-1-ticket', data: { n: 2 } },
      { event: 'company-1-appMessage', data: { n: 3 } },
    ]);
    expect(seen).toEqual([1, 't2', 3]);
  });

  it('reports the user status every 300000 ms while connected', () => {
    client.connect();
    last().serverOpen();
    vi.advanceTimersByTime(300000 * 2);
    expect(last().sent.filter((m) => m.type === 'userStatus')).toHaveLength(3);
  });

  it('tells drop listeners when an open connection is lost, not when an attempt fails', () => {
    const dropped = vi.fn();
    client.onDrop(dropped);
    client.connect();
    last().serverClose(); // handshake refused: never opened
    expect(dropped).not.toHaveBeenCalled();
    vi.advanceTimersByTime(1000);
    last().serverOpen();
    last().serverClose({ code: 1008, reason: 'ERR_SUBSCRIPTION_EXPIRED' });
    expect(dropped).toHaveBeenCalledTimes(1);
    expect(dropped).toHaveBeenCalledWith({ code: 1008, reason: 'ERR_SUBSCRIPTION_EXPIRED' });
  });

  it('does not send while closed', () => {
    client.connect();
    expect(client.send({ type: 'userStatus' })).toBe(false);
    expect(client.isConnected()).toBe(false);
  });
});

describe('socketUrl', () => {
  it('uses the backend URL with a ws scheme when one is configured', () => {
    expect(socketUrl('a b', 'https://api.example.com/')).toBe('wss://api.example.com/socket?token=a%20b');
    expect(socketUrl('t', 'http://localhost:8080')).toBe('ws://localhost:8080/socket?token=t');
  });

  it('falls back to the page origin', () => {
    expect(socketUrl('t', '', { protocol: 'https:', host: 'app.example.com' })).toBe('wss://app.example.com/socket?token=t');
    expect(socketUrl('t', undefined, { protocol: 'http:', host: 'localhost:5173' })).toBe('ws://localhost:5173/socket?token=t');
  });
});
