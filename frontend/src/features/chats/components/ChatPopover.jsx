import { useCallback, useEffect, useRef, useState } from 'react';
import {
  Badge, Button, IconButton, List, ListItemButton, ListItemText, Popover, Tooltip, Typography,
} from '@mui/material';
import ForumIcon from '@mui/icons-material/QuestionAnswerOutlined';
import { useNavigate } from 'react-router';
import { useTranslation } from 'react-i18next';
import { socket } from '../../../services/socket';
import { useAuth } from '../../auth/hooks/useAuth';
import { listChats } from '../api/chatsApi';
import useChatEvents from '../hooks/useChatEvents';
import { myUnreads } from '../utils/chatState';
import { formatChatTime } from '../utils/format';

/**
 * Top bar popover of the internal chats: the user's unread messages on the badge and their
 * latest chats. The server's count is read again on every chat event of the user (a message,
 * a read in another tab, a chat created or removed) and after a dropped socket.
 */
export default function ChatPopover() {
  const { t } = useTranslation();
  const { user } = useAuth();
  const navigate = useNavigate();
  const [anchor, setAnchor] = useState(null);
  const [state, setState] = useState({ chats: [], unreads: 0 });
  const latest = useRef(0);

  const load = useCallback(() => {
    const id = ++latest.current;
    listChats({ pageNumber: 1 }).then((page) => {
      if (id === latest.current) setState({ chats: page?.records || [], unreads: page?.unreads || 0 });
    }, () => {}); // chat API failures are silently ignored (spec/3 §8)
  }, []);

  useEffect(() => {
    load();
    return () => {
      latest.current += 1;
    };
  }, [load]);
  useEffect(() => socket.onDrop(load), [load]);
  useChatEvents(load);

  const open = (chat) => {
    setAnchor(null);
    navigate(chat ? `/chats/${chat.uuid}` : '/chats');
  };

  return (
    <>
      <Tooltip title={t('chats.popover.title')}>
        <IconButton color="inherit" onClick={(e) => setAnchor(e.currentTarget)} data-testid="chats-button"
          data-count={state.unreads} aria-label={t('chats.popover.title')}>
          <Badge badgeContent={state.unreads} color="error" max={99} data-testid="chats-badge">
            <ForumIcon />
          </Badge>
        </IconButton>
      </Tooltip>
      <Popover open={Boolean(anchor)} anchorEl={anchor} onClose={() => setAnchor(null)}
        anchorOrigin={{ vertical: 'bottom', horizontal: 'right' }} transformOrigin={{ vertical: 'top', horizontal: 'right' }}>
        <List sx={{ width: 340, maxHeight: 420, overflowY: 'auto' }} data-testid="chats-popover-list">
          {state.chats.length === 0 && (
            <Typography sx={{ p: 2 }} color="text.secondary">{t('chats.popover.empty')}</Typography>
          )}
          {state.chats.map((chat) => {
            const unreads = myUnreads(chat, user.id);
            return (
              <ListItemButton key={chat.id} onClick={() => open(chat)} data-testid="chats-popover-item" data-unreads={unreads}>
                <ListItemText
                  primary={chat.title}
                  secondary={[formatChatTime(chat.updatedAt), chat.lastMessage].filter(Boolean).join(' · ')}
                  slotProps={{ primary: { fontWeight: unreads ? 'bold' : undefined }, secondary: { noWrap: true } }}
                />
                <Badge badgeContent={unreads} color="primary" sx={{ ml: 2 }} />
              </ListItemButton>
            );
          })}
        </List>
        <Button fullWidth onClick={() => open(null)} data-testid="chats-popover-all">{t('chats.popover.all')}</Button>
      </Popover>
    </>
  );
}
