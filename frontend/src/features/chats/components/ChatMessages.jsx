import { useEffect, useLayoutEffect, useRef, useState } from 'react';
import {
  Box, CircularProgress, IconButton, Paper, Stack, TextField, Typography,
} from '@mui/material';
import SendIcon from '@mui/icons-material/Send';
import { useTranslation } from 'react-i18next';
import useCompanyEvent from '../../../hooks/useCompanyEvent';
import { listChatMessages, markChatRead, sendChatMessage } from '../api/chatsApi';
import { mergeMessages, myUnreads, nearTop } from '../utils/chatState';
import { formatChatTime } from '../utils/format';

export const MESSAGE_MAX = 4000;

const ignore = () => {}; // chat API failures are silently ignored (spec/3 §8)

/**
 * One conversation: its messages (older pages within 600 px of the top), live new messages,
 * and the box to write (Enter sends, Shift+Enter breaks the line). Opening it clears the
 * user's unread count, and so does a message arriving while it is on screen.
 */
export default function ChatMessages({ chat, user }) {
  const { t } = useTranslation();
  const [state, setState] = useState({ chatId: chat.id, messages: [], hasMore: false, loading: true });
  const [text, setText] = useState('');
  const [sending, setSending] = useState(false);
  const scroller = useRef(null);
  const pin = useRef('bottom'); // where the scroll stays after the next render: bottom, or the height before older ones
  const loadingOlder = useRef(false);
  const unreads = myUnreads(chat, user.id);

  useEffect(() => {
    let live = true;
    setState({ chatId: chat.id, messages: [], hasMore: false, loading: true });
    pin.current = 'bottom';
    listChatMessages(chat.id).then((page) => {
      if (live) setState({ chatId: chat.id, messages: page?.records || [], hasMore: Boolean(page?.hasMore), loading: false });
    }, () => live && setState((s) => ({ ...s, loading: false })));
    return () => {
      live = false;
    };
  }, [chat.id]);

  // Read when opened, when a message comes while on screen, and when the tab comes back into view.
  useEffect(() => {
    if (unreads <= 0) return undefined;
    const read = () => document.visibilityState === 'visible' && markChatRead(chat.id, user.id).catch(ignore);
    read();
    document.addEventListener('visibilitychange', read);
    return () => document.removeEventListener('visibilitychange', read);
  }, [chat.id, unreads, user.id]);

  useCompanyEvent(`chat-${chat.id}`, (data) => {
    if (data?.action !== 'new-message' || !data.newMessage) return;
    const box = scroller.current;
    if (!box || box.scrollHeight - box.scrollTop - box.clientHeight < 120) pin.current = 'bottom';
    setState((s) => (s.chatId === chat.id ? { ...s, messages: mergeMessages(s.messages, [data.newMessage]) } : s));
  });

  useLayoutEffect(() => {
    const box = scroller.current;
    if (!box) return;
    if (pin.current === 'bottom') box.scrollTop = box.scrollHeight;
    else if (typeof pin.current === 'number') box.scrollTop = box.scrollHeight - pin.current;
    pin.current = null;
  }, [state.messages]);

  const loadOlder = () => {
    const box = scroller.current;
    if (!box || !state.hasMore || loadingOlder.current || !nearTop(box) || !state.messages.length) return;
    loadingOlder.current = true;
    const id = chat.id;
    listChatMessages(id, state.messages[0].id).then((page) => {
      pin.current = box.scrollHeight - box.scrollTop;
      setState((s) => (s.chatId === id
        ? { ...s, messages: mergeMessages(s.messages, page?.records || []), hasMore: Boolean(page?.hasMore) } : s));
    }, ignore).finally(() => {
      loadingOlder.current = false;
    });
  };

  const send = async () => {
    const message = text.trim();
    if (!message || sending) return;
    setSending(true);
    try {
      const saved = await sendChatMessage(chat.id, message);
      setText('');
      pin.current = 'bottom';
      setState((s) => (s.chatId === chat.id ? { ...s, messages: mergeMessages(s.messages, [saved]) } : s));
    } catch {
      // Kept in the box to try again; chat API failures show nothing (spec/3 §8).
    } finally {
      setSending(false);
    }
  };

  return (
    <Box sx={{ display: 'flex', flexDirection: 'column', height: '100%', minHeight: 0 }} data-testid="chat-messages" data-chat={chat.uuid}>
      <Box sx={{ px: 2, py: 1, borderBottom: 1, borderColor: 'divider' }}>
        <Typography variant="h6" noWrap data-testid="chat-title">{chat.title}</Typography>
        <Typography variant="caption" color="text.secondary" noWrap>
          {(chat.users || []).map((m) => m.user?.name).filter(Boolean).join(', ')}
        </Typography>
      </Box>
      <Box ref={scroller} onScroll={loadOlder} sx={{ flex: 1, overflowY: 'auto', p: 2 }} data-testid="chat-messages-list">
        {state.loading && <Box sx={{ display: 'flex', justifyContent: 'center' }}><CircularProgress size={24} /></Box>}
        {!state.loading && state.messages.length === 0 && (
          <Typography color="text.secondary" align="center" data-testid="chat-messages-empty">{t('chats.noMessages')}</Typography>
        )}
        <Stack spacing={1}>
          {state.messages.map((m) => {
            const mine = m.senderId === user.id;
            return (
              <Paper key={m.id} variant="outlined" data-testid="chat-message" data-mine={mine}
                sx={{ p: 1, maxWidth: '75%', alignSelf: mine ? 'flex-end' : 'flex-start', bgcolor: mine ? 'action.selected' : 'background.paper' }}>
                {!mine && <Typography variant="caption" color="primary" sx={{ fontWeight: 'bold' }}>{m.sender?.name || t('chats.removedUser')}</Typography>}
                <Typography sx={{ whiteSpace: 'pre-wrap', wordBreak: 'break-word' }} data-testid="chat-message-text">{m.message}</Typography>
                <Typography variant="caption" color="text.secondary" sx={{ display: 'block', textAlign: 'right' }}>
                  {formatChatTime(m.createdAt)}
                </Typography>
              </Paper>
            );
          })}
        </Stack>
      </Box>
      <Stack direction="row" spacing={1} sx={{ p: 1, borderTop: 1, borderColor: 'divider', alignItems: 'flex-end' }}>
        <TextField
          fullWidth
          multiline
          maxRows={4}
          size="small"
          placeholder={t('chats.placeholder')}
          value={text}
          onChange={(e) => setText(e.target.value)}
          onKeyDown={(e) => {
            if (e.key === 'Enter' && !e.shiftKey && !e.nativeEvent.isComposing) {
              e.preventDefault();
              send();
            }
          }}
          slotProps={{ htmlInput: { maxLength: MESSAGE_MAX, 'data-testid': 'chat-input' } }}
        />
        <IconButton color="primary" onClick={send} disabled={!text.trim() || sending} data-testid="chat-send" aria-label={t('chats.send')}>
          <SendIcon />
        </IconButton>
      </Stack>
    </Box>
  );
}
