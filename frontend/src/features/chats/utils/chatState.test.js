import { describe, expect, it } from 'vitest';
import {
  applyChatEvent, canManage, canSaveChat, mergeMessages, myUnreads,
} from './chatState';

const chat = (id, over = {}) => ({ id, uuid: `u${id}`, title: `c${id}`, ownerId: 1, users: [{ userId: 1, unreads: 0 }, { userId: 2, unreads: 3 }], ...over });

describe('chat state', () => {
  it('reads the viewer\'s own unread count', () => {
    expect(myUnreads(chat(1), 2)).toBe(3);
    expect(myUnreads(chat(1), 1)).toBe(0);
    expect(myUnreads(chat(1), 9)).toBe(0);
  });

  it('applies the chat events: a new message moves the chat on top, delete removes it, update changes in place', () => {
    const list = [chat(1), chat(2), chat(3)];
    expect(applyChatEvent(list, { action: 'new-message', chat: chat(3, { lastMessage: 'oi' }) }).map((c) => c.id)).toEqual([3, 1, 2]);
    expect(applyChatEvent(list, { action: 'delete', id: 2 }).map((c) => c.id)).toEqual([1, 3]);
    const renamed = applyChatEvent(list, { action: 'update', record: chat(2, { title: 'novo' }) });
    expect(renamed.map((c) => c.title)).toEqual(['c1', 'novo', 'c3']);
    expect(applyChatEvent(list, { action: 'create', record: chat(4) }).map((c) => c.id)).toEqual([4, 1, 2, 3]);
    expect(applyChatEvent(list, { action: 'whatever' })).toBe(list);
  });

  it('merges message pages by id, in order', () => {
    const merged = mergeMessages([{ id: 5 }, { id: 6 }], [{ id: 2 }, { id: 6, message: 'again' }, { id: 7 }]);
    expect(merged.map((m) => m.id)).toEqual([2, 5, 6, 7]);
    expect(merged[2].message).toBe('again');
  });

  it('shows edit and delete to the owner only, and saves only with a title and a user', () => {
    expect(canManage(chat(1), { id: 1, profile: 'user' })).toBe(true);
    expect(canManage(chat(1), { id: 2, profile: 'user' })).toBe(false);
    expect(canManage(chat(1), { id: 2, profile: 'admin' })).toBe(false);
    expect(canSaveChat(' ', [{ id: 2 }])).toBe(false);
    expect(canSaveChat('Equipe', [])).toBe(false);
    expect(canSaveChat('Equipe', [{ id: 2 }])).toBe(true);
  });
});
