import {
  Badge, Box, Button, IconButton, List, ListItemButton, ListItemText, Stack, TextField, Tooltip, Typography,
} from '@mui/material';
import AddIcon from '@mui/icons-material/Add';
import DeleteOutlineIcon from '@mui/icons-material/DeleteOutlined';
import EditOutlinedIcon from '@mui/icons-material/EditOutlined';
import { useTranslation } from 'react-i18next';
import useFillPane from '../../../hooks/useFillPane';
import { nearBottom } from '../../../utils/pagedItems';
import { canManage, myUnreads } from '../utils/chatState';
import { formatChatTime } from '../utils/format';

/** The user's chats, newest activity first, with their unread counts; next page near the bottom. */
export default function ChatList({
  chats, user, selectedId, search, onSearch, onSelect, onAdd, onEdit, onDelete, onEndReached, loading,
}) {
  const { t } = useTranslation();
  const pane = useFillPane(onEndReached);
  return (
    <Box sx={{ display: 'flex', flexDirection: 'column', height: '100%', minHeight: 0 }} data-testid="chat-list">
      <Stack direction="row" spacing={1} sx={{ p: 1 }}>
        <TextField size="small" fullWidth placeholder={t('common.search')} value={search} onChange={(e) => onSearch(e.target.value)}
          slotProps={{ htmlInput: { 'data-testid': 'chats-search' } }} />
        <Button variant="contained" startIcon={<AddIcon />} onClick={onAdd} data-testid="chats-add" sx={{ whiteSpace: 'nowrap' }}>
          {t('chats.new')}
        </Button>
      </Stack>
      <List ref={pane} sx={{ flex: 1, overflowY: 'auto', py: 0 }} onScroll={(e) => nearBottom(e.currentTarget) && onEndReached()}>
        {!loading && chats.length === 0 && (
          <Typography sx={{ p: 2 }} color="text.secondary" data-testid="chats-empty">{t('chats.empty')}</Typography>
        )}
        {chats.map((chat) => {
          const unreads = myUnreads(chat, user.id);
          return (
            <ListItemButton key={chat.id} selected={chat.id === selectedId} onClick={() => onSelect(chat)} divider
              data-testid="chat-item" data-title={chat.title} data-unreads={unreads}>
              <ListItemText
                primary={chat.title}
                secondary={chat.lastMessage || t('chats.noMessages')}
                slotProps={{ primary: { noWrap: true, fontWeight: unreads ? 'bold' : undefined }, secondary: { noWrap: true } }}
              />
              <Stack spacing={0.5} sx={{ ml: 1, flexShrink: 0, alignItems: 'flex-end' }}>
                <Typography variant="caption" color="text.secondary">{formatChatTime(chat.updatedAt)}</Typography>
                <Stack direction="row" spacing={0.5} sx={{ alignItems: 'center' }}>
                  <Badge badgeContent={unreads} color="primary" data-testid="chat-item-unreads" sx={{ mr: unreads ? 1.5 : 0 }} />
                  {canManage(chat, user) && (
                    <>
                      <Tooltip title={t('common.edit')}>
                        <IconButton size="small" data-testid="chat-edit" aria-label={t('common.edit')}
                          onClick={(e) => { e.stopPropagation(); onEdit(chat); }}>
                          <EditOutlinedIcon fontSize="small" />
                        </IconButton>
                      </Tooltip>
                      <Tooltip title={t('common.delete')}>
                        <IconButton size="small" data-testid="chat-delete" aria-label={t('common.delete')}
                          onClick={(e) => { e.stopPropagation(); onDelete(chat); }}>
                          <DeleteOutlineIcon fontSize="small" />
                        </IconButton>
                      </Tooltip>
                    </>
                  )}
                </Stack>
              </Stack>
            </ListItemButton>
          );
        })}
      </List>
    </Box>
  );
}
