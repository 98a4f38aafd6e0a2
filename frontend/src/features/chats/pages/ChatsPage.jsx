import { useCallback, useEffect, useRef, useState } from 'react';
import { Box, Divider, Paper, Tab, Tabs, Typography, useMediaQuery } from '@mui/material';
import { useNavigate, useParams } from 'react-router';
import { useTranslation } from 'react-i18next';
import ConfirmationDialog from '../../../components/ConfirmationDialog';
import useDebouncedValue from '../../../hooks/useDebouncedValue';
import useEditModal from '../../../hooks/useEditModal';
import { socket } from '../../../services/socket';
import { useAuth } from '../../auth/hooks/useAuth';
import { deleteChat, getChat, listChats } from '../api/chatsApi';
import ChatList from '../components/ChatList';
import ChatMessages from '../components/ChatMessages';
import ChatModal from '../components/ChatModal';
import useChatEvents from '../hooks/useChatEvents';
import { applyChatEvent, withChat, withoutChat } from '../utils/chatState';

const ignore = () => {}; // chat API failures are silently ignored (spec/3 §8)

/** The user's chats, page by page, kept current by their chat events. */
function useChatList(search) {
  const [state, setState] = useState({ chats: [], page: 0, hasMore: false, loading: true });
  const latest = useRef(0);
  const load = useCallback((pageNumber) => {
    const id = ++latest.current;
    setState((s) => ({ ...s, loading: true }));
    listChats({ pageNumber, searchParam: search || undefined }).then((page) => {
      if (id !== latest.current) return;
      setState((s) => {
        const kept = pageNumber === 1 ? [] : s.chats;
        const more = (page?.records || []).filter((c) => !kept.some((k) => k.id === c.id));
        return { chats: [...kept, ...more], page: pageNumber, hasMore: Boolean(page?.hasMore), loading: false };
      });
    }, () => id === latest.current && setState((s) => ({ ...s, loading: false })));
  }, [search]);
  useEffect(() => {
    load(1);
    return () => {
      latest.current += 1;
    };
  }, [load]);
  useEffect(() => socket.onDrop(() => load(1)), [load]);
  const edit = useCallback((change) => setState((s) => ({ ...s, chats: change(s.chats) })), []);
  const loadMore = () => state.hasMore && !state.loading && load(state.page + 1);
  return { ...state, edit, loadMore };
}

/**
 * Internal chat (/chats, /chats/{uuid}): wide screens show the list left and the conversation
 * right; narrow screens two tabs, chats and messages (spec/3 §2).
 */
export default function ChatsPage() {
  const { t } = useTranslation();
  const { user } = useAuth();
  const navigate = useNavigate();
  const { chatId: uuid } = useParams();
  const wide = useMediaQuery((theme) => theme.breakpoints.up('md'), { noSsr: true });
  const [search, setSearch] = useState('');
  const list = useChatList(useDebouncedValue(search).trim());
  const [tab, setTab] = useState(uuid ? 'messages' : 'chats');
  const modal = useEditModal();
  const [deleting, setDeleting] = useState(null);
  const [fetched, setFetched] = useState(null); // the open chat when it is not on a loaded page

  const listed = uuid ? list.chats.find((c) => c.uuid === uuid) : null;
  const selected = listed || (fetched?.uuid === uuid ? fetched : null);

  useEffect(() => {
    if (!uuid || listed || list.loading) return undefined;
    let live = true;
    getChat(uuid).then((chat) => live && setFetched(chat), () => live && navigate('/chats', { replace: true }));
    return () => {
      live = false;
    };
  }, [uuid, listed, list.loading, navigate]);

  useChatEvents((data) => {
    list.edit((chats) => applyChatEvent(chats, data));
    const chat = data?.record || data?.chat;
    if (chat && fetched?.id === chat.id) setFetched(chat);
    if (data?.action === 'delete' && selected?.id === data.id) navigate('/chats', { replace: true });
  });

  const open = (chat) => {
    setTab('messages');
    navigate(`/chats/${chat.uuid}`);
  };

  const saved = (chat) => {
    list.edit((chats) => withChat(chats, chat));
    if (!modal.record) open(chat);
  };

  const remove = async (chat) => {
    try {
      await deleteChat(chat.id);
      list.edit((chats) => withoutChat(chats, chat.id));
      if (selected?.id === chat.id) navigate('/chats', { replace: true });
    } catch {
      ignore();
    }
  };

  const chatList = (
    <ChatList
      chats={list.chats}
      user={user}
      selectedId={selected?.id}
      search={search}
      onSearch={setSearch}
      loading={list.loading}
      onSelect={open}
      onAdd={modal.add}
      onEdit={modal.edit}
      onDelete={setDeleting}
      onEndReached={list.loadMore}
    />
  );
  const conversation = selected ? <ChatMessages key={selected.id} chat={selected} user={user} /> : (
    <Box sx={{ display: 'flex', alignItems: 'center', justifyContent: 'center', height: '100%', p: 2 }}>
      <Typography color="text.secondary" data-testid="chats-pick">{t('chats.pick')}</Typography>
    </Box>
  );

  return (
    <Box sx={{ p: { xs: 1, md: 2 }, height: '100%', boxSizing: 'border-box' }} data-testid="chats-page">
      <Paper variant="outlined" sx={{ height: '100%', display: 'flex', flexDirection: wide ? 'row' : 'column', overflow: 'hidden' }}>
        {wide ? (
          <>
            <Box sx={{ width: 360, flexShrink: 0, minHeight: 0 }}>{chatList}</Box>
            <Divider orientation="vertical" flexItem />
            <Box sx={{ flex: 1, minWidth: 0, minHeight: 0 }}>{conversation}</Box>
          </>
        ) : (
          <>
            <Tabs value={tab} onChange={(_, value) => setTab(value)} variant="fullWidth">
              <Tab value="chats" label={t('chats.tabs.chats')} data-testid="chats-tab-chats" />
              <Tab value="messages" label={t('chats.tabs.messages')} data-testid="chats-tab-messages" />
            </Tabs>
            <Box sx={{ flex: 1, minHeight: 0 }}>{tab === 'chats' ? chatList : conversation}</Box>
          </>
        )}
      </Paper>
      {modal.open && (
        <ChatModal chat={modal.record} onClose={modal.close} onSaved={saved} />
      )}
      <ConfirmationDialog
        open={Boolean(deleting)}
        testId="chat-delete-confirm"
        title={t('chats.deleteTitle', { title: deleting?.title || '' })}
        confirmLabel={t('common.delete')}
        onConfirm={() => remove(deleting)}
        onClose={() => setDeleting(null)}
      >
        {t('chats.deleteMessage')}
      </ConfirmationDialog>
    </Box>
  );
}
