import { useState } from 'react';
import { Autocomplete, Stack, TextField } from '@mui/material';
import useSWR from 'swr';
import { useTranslation } from 'react-i18next';
import FormDialog from '../../../components/FormDialog';
import { useAuth } from '../../auth/hooks/useAuth';
import { createChat, updateChat } from '../api/chatsApi';
import { canSaveChat } from '../utils/chatState';

export const TITLE_MAX = 100;

/**
 * Creates a chat (title and the users chosen; the creator is its owner and a member) or edits
 * one. Save stays disabled until there is a title and at least one user (spec/3 §5).
 */
export default function ChatModal({ chat, onClose, onSaved }) {
  const { t } = useTranslation();
  const { user } = useAuth();
  const { data: allUsers } = useSWR('/users/list');
  const others = (allUsers || []).filter((u) => u.id !== user.id);
  const [title, setTitle] = useState(chat?.title || '');
  const [initial] = useState(() => (chat?.users || [])
    .filter((m) => m.userId !== chat.ownerId)
    .map((m) => ({ id: m.userId, name: m.user?.name || '' })));
  const [users, setUsers] = useState(initial);
  const [errors, setErrors] = useState({});

  const submit = () => {
    const body = { title: title.trim(), users: users.map((u) => u.id) };
    return chat ? updateChat(chat.id, body) : createChat(body);
  };

  return (
    <FormDialog
      testId="chat"
      title={chat ? t('chats.modal.editTitle') : t('chats.modal.addTitle')}
      onClose={onClose}
      onSubmit={submit}
      onSaved={onSaved}
      onError={(error) => setErrors(error?.fields || {})}
      saveDisabled={!canSaveChat(title, users)}
      dirty={title !== (chat?.title || '') || users.map((u) => u.id).join() !== initial.map((u) => u.id).join()}
    >
      <Stack spacing={2} sx={{ mt: 1 }}>
        <TextField
          label={t('chats.modal.title')}
          value={title}
          onChange={(e) => setTitle(e.target.value)}
          error={Boolean(errors.title)}
          helperText={errors.title}
          slotProps={{ htmlInput: { maxLength: TITLE_MAX, 'data-testid': 'chat-title' } }}
          autoFocus
          fullWidth
        />
        <Autocomplete
          multiple
          options={others}
          value={users}
          onChange={(_, value) => setUsers(value)}
          getOptionLabel={(option) => option.name || ''}
          isOptionEqualToValue={(option, value) => option.id === value.id}
          filterSelectedOptions
          noOptionsText={t('chats.modal.noUsers')}
          renderInput={(params) => (
            <TextField
              {...params}
              label={t('chats.modal.users')}
              error={Boolean(errors.users)}
              helperText={errors.users}
              slotProps={{ ...params.slotProps, htmlInput: { ...params.slotProps.htmlInput, 'data-testid': 'chat-users' } }}
            />
          )}
          slotProps={{ listbox: { 'data-testid': 'chat-users-options' } }}
        />
      </Stack>
    </FormDialog>
  );
}
