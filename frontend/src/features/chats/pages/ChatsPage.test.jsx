import { act } from 'react';
import { MemoryRouter, Route, Routes } from 'react-router';
import { SWRConfig } from 'swr';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { allByTestId, byTestId, click, render } from '../../../test/render';
import {
  createChat, getChat, listChatMessages, listChats, markChatRead, sendChatMessage,
} from '../api/chatsApi';
import ChatPopover from '../components/ChatPopover';
import ChatsPage from './ChatsPage';

const auth = vi.hoisted(() => ({ user: null }));
const handlers = vi.hoisted(() => new Map());
const media = vi.hoisted(() => ({ wide: true }));
vi.mock('../../auth/hooks/useAuth', () => ({ useAuth: () => auth }));
vi.mock('../api/chatsApi', () => ({
  listChats: vi.fn(), getChat: vi.fn(), createChat: vi.fn(), updateChat: vi.fn(), deleteChat: vi.fn(),
  listChatMessages: vi.fn(), sendChatMessage: vi.fn(), markChatRead: vi.fn(),
}));
vi.mock('../../../services/socket', () => ({
  socket: {
    onDrop: vi.fn(() => () => {}),
    subscribe: vi.fn((event, handler) => {
      if (!handlers.has(event)) handlers.set(event, new Set());
      handlers.get(event).add(handler);
      return () => handlers.get(event).delete(handler);
    }),
  },
}));
vi.mock('@mui/material', async (original) => ({ ...(await original()), useMediaQuery: () => media.wide }));

const emit = (event, data) => act(() => [...(handlers.get(event) || [])].forEach((handler) => handler(data)));
const settle = () => act(async () => new Promise((resolve) => setTimeout(resolve, 20)));
const type = (input, value) => act(() => {
  const proto = input.tagName === 'TEXTAREA' ? HTMLTextAreaElement.prototype : HTMLInputElement.prototype;
  Object.getOwnPropertyDescriptor(proto, 'value').set.call(input, value);
  input.dispatchEvent(new Event('input', { bubbles: true }));
});
const press = (input, key, extra = {}) => act(async () => {
  input.dispatchEvent(new KeyboardEvent('keydown', { key, bubbles: true, ...extra }));
});

const ME = { id: 1, name: 'Ana', companyId: 7, profile: 'user', company: { id: 7, plan: { useInternalChat: true } } };
const member = (userId, unreads = 0, name = `User ${userId}`) => ({ userId, unreads, user: { id: userId, name } });
const TEAM = {
  id: 10, uuid: 'aaaaaaaa-0000-0000-0000-000000000010', title: 'Equipe', ownerId: 1, lastMessage: 'oi',
  updatedAt: new Date().toISOString(), users: [member(1, 2, 'Ana'), member(2, 0, 'Bruno')],
};
const OTHERS = {
  id: 11, uuid: 'aaaaaaaa-0000-0000-0000-000000000011', title: 'Suporte', ownerId: 2, lastMessage: '',
  updatedAt: new Date().toISOString(), users: [member(1, 0, 'Ana'), member(2, 0, 'Bruno')],
};
const msg = (id, senderId, message) => ({ id, chatId: 10, senderId, message, createdAt: new Date().toISOString(), sender: { id: senderId, name: senderId === 1 ? 'Ana' : 'Bruno' } });

function mount(path = '/chats') {
  const fetcher = vi.fn(async () => [{ id: 1, name: 'Ana' }, { id: 2, name: 'Bruno' }, { id: 3, name: 'Carla' }]);
  return render(
    <SWRConfig value={{ provider: () => new Map(), fetcher }}>
      <MemoryRouter initialEntries={[path]}>
        <Routes><Route path="/chats/:chatId?" element={<><ChatPopover /><ChatsPage /></>} /></Routes>
      </MemoryRouter>
    </SWRConfig>,
  );
}

describe('ChatsPage', () => {
  let view;
  beforeEach(() => {
    auth.user = ME;
    media.wide = true;
    handlers.clear();
    vi.mocked(listChats).mockReset().mockResolvedValue({ records: [TEAM, OTHERS], hasMore: false, unreads: 2 });
    vi.mocked(getChat).mockReset();
    vi.mocked(listChatMessages).mockReset().mockResolvedValue({ records: [msg(1, 2, 'Olá Ana'), msg(2, 1, 'Oi Bruno')], hasMore: false });
    vi.mocked(markChatRead).mockReset().mockResolvedValue({});
    vi.mocked(sendChatMessage).mockReset();
    vi.mocked(createChat).mockReset();
  });
  afterEach(() => view?.unmount());

  it('shows the list and the conversation side by side, and opening a chat with unreads reads it', async () => {
    view = mount(`/chats/${TEAM.uuid}`);
    await settle();
    expect(allByTestId('chat-item').map((el) => el.dataset.title)).toEqual(['Equipe', 'Suporte']);
    expect(byTestId('chat-messages').dataset.chat).toBe(TEAM.uuid);
    expect(allByTestId('chat-message-text').map((el) => el.textContent)).toEqual(['Olá Ana', 'Oi Bruno']);
    expect(markChatRead).toHaveBeenCalledWith(10, 1);
    expect(byTestId('chats-tab-chats')).toBeNull();
    expect(byTestId('chats-button').dataset.count).toBe('2');
  });

  it('shows edit and delete only on chats the user owns', async () => {
    view = mount();
    await settle();
    const [mine, theirs] = allByTestId('chat-item');
    expect(mine.querySelector('[data-testid="chat-edit"]')).not.toBeNull();
    expect(theirs.querySelector('[data-testid="chat-edit"]')).toBeNull();
    expect(theirs.querySelector('[data-testid="chat-delete"]')).toBeNull();
  });

  it('uses two tabs on narrow screens and switches to the messages on a pick', async () => {
    media.wide = false;
    view = mount();
    await settle();
    expect(byTestId('chats-tab-chats')).not.toBeNull();
    expect(byTestId('chat-messages')).toBeNull();
    await click(allByTestId('chat-item')[1]);
    await settle();
    expect(byTestId('chat-list')).toBeNull();
    expect(byTestId('chat-title').textContent).toBe('Suporte');
  });

  it('sends with Enter (Shift+Enter does not), never a blank text', async () => {
    vi.mocked(sendChatMessage).mockResolvedValue(msg(3, 1, 'Tudo certo'));
    view = mount(`/chats/${TEAM.uuid}`);
    await settle();
    const input = byTestId('chat-input');
    expect(byTestId('chat-send').disabled).toBe(true);
    type(input, '   ');
    await press(input, 'Enter');
    expect(sendChatMessage).not.toHaveBeenCalled();
    type(input, 'Tudo certo');
    await press(input, 'Enter', { shiftKey: true });
    expect(sendChatMessage).not.toHaveBeenCalled();
    await press(input, 'Enter');
    await settle();
    expect(sendChatMessage).toHaveBeenCalledWith(10, 'Tudo certo');
    expect(allByTestId('chat-message-text').map((el) => el.textContent)).toContain('Tudo certo');
    expect(input.value).toBe('');
  });

  it('follows the live events: a message in the open chat, a new message elsewhere moves that chat up and the badge reloads', async () => {
    view = mount(`/chats/${TEAM.uuid}`);
    await settle();
    emit('company-7-chat-10', { action: 'new-message', newMessage: msg(4, 2, 'Chegou agora') });
    expect(allByTestId('chat-message-text').map((el) => el.textContent)).toContain('Chegou agora');
    vi.mocked(listChats).mockResolvedValue({ records: [{ ...OTHERS, users: [member(1, 1), member(2)] }, TEAM], hasMore: false, unreads: 1 });
    emit('company-7-chat', { action: 'new-message', chat: { ...OTHERS, lastMessage: 'novo', users: [member(1, 1), member(2)] }, newMessage: msg(5, 2, 'novo') });
    await settle();
    expect(allByTestId('chat-item').map((el) => el.dataset.title)).toEqual(['Suporte', 'Equipe']);
    expect(allByTestId('chat-item')[0].dataset.unreads).toBe('1');
    expect(byTestId('chats-button').dataset.count).toBe('1');
    emit('company-7-chat-user-1', { action: 'delete', id: 11 });
    await settle(); // the badge reloads on the delete too
    expect(allByTestId('chat-item').map((el) => el.dataset.title)).toEqual(['Equipe']);
  });

  it('creates a chat only with a title and a user, then opens it', async () => {
    const created = { ...OTHERS, id: 12, uuid: 'aaaaaaaa-0000-0000-0000-000000000012', title: 'Plantão', ownerId: 1 };
    vi.mocked(createChat).mockResolvedValue(created);
    view = mount();
    await settle();
    await click(byTestId('chats-add'));
    await settle();
    expect(byTestId('chat-save').disabled).toBe(true);
    type(byTestId('chat-title'), 'Plantão');
    expect(byTestId('chat-save').disabled).toBe(true);
    const users = byTestId('chat-users');
    await act(async () => {
      users.focus();
      users.dispatchEvent(new MouseEvent('mousedown', { bubbles: true }));
    });
    await press(users, 'ArrowDown');
    await settle();
    const option = [...document.querySelectorAll('[role="option"]')].find((el) => el.textContent === 'Carla');
    expect(option).toBeTruthy();
    expect([...document.querySelectorAll('[role="option"]')].map((el) => el.textContent)).not.toContain('Ana');
    await click(option);
    expect(byTestId('chat-save').disabled).toBe(false);
    await click(byTestId('chat-save'));
    await settle();
    expect(createChat).toHaveBeenCalledWith({ title: 'Plantão', users: [3] });
    expect(byTestId('chat-messages').dataset.chat).toBe(created.uuid);
  });
});
