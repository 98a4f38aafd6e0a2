import { useState } from 'react';
import { Alert, Box, Button, InputAdornment, LinearProgress, Paper, Stack, TextField, Typography } from '@mui/material';
import SearchIcon from '@mui/icons-material/Search';
import { useTranslation } from 'react-i18next';
import ConfirmationDialog from '../../../components/ConfirmationDialog';
import useDebouncedValue from '../../../hooks/useDebouncedValue';
import { toast } from '../../../services/toast';
import toastError from '../../../utils/toastError';
import { useAuth } from '../../auth/hooks/useAuth';
import { deleteUser } from '../api/usersApi';
import useUserEvents from '../hooks/useUserEvents';
import useUsersList from '../hooks/useUsersList';
import UserModal from '../components/UserModal';
import UsersTable from '../components/UsersTable';

const SEARCH_DEBOUNCE = 500;
const SCROLL_THRESHOLD = 100;

export default function UsersPage() {
  const { t } = useTranslation();
  const { user: me } = useAuth();
  const [search, setSearch] = useState('');
  const searchParam = useDebouncedValue(search.trim().toLowerCase(), SEARCH_DEBOUNCE);
  const list = useUsersList(searchParam);
  const [modal, setModal] = useState({ open: false, userId: null });
  const [deleting, setDeleting] = useState(null);

  useUserEvents(me.companyId ?? me.company?.id, list);

  const onScroll = (event) => {
    const { scrollTop, scrollHeight, clientHeight } = event.currentTarget;
    if (scrollHeight - (scrollTop + clientHeight) < SCROLL_THRESHOLD) list.loadMore();
  };

  const confirmDelete = async () => {
    try {
      await deleteUser(deleting.id);
      list.remove(deleting.id);
      toast.success(t('users.deleted'));
    } catch (error) {
      toastError(error);
    }
  };

  return (
    <Box sx={{ p: 2, height: '100%', display: 'flex', flexDirection: 'column', gap: 2 }} data-testid="users-page">
      <Stack direction={{ xs: 'column', sm: 'row' }} spacing={2} sx={{ alignItems: { sm: 'center' } }}>
        <Typography variant="h5" sx={{ flex: 1 }}>{t('users.title')}</Typography>
        <TextField
          size="small"
          placeholder={t('common.search')}
          value={search}
          onChange={(e) => setSearch(e.target.value)}
          slotProps={{
            input: { startAdornment: <InputAdornment position="start"><SearchIcon /></InputAdornment> },
            htmlInput: { 'data-testid': 'users-search' },
          }}
        />
        <Button variant="contained" onClick={() => setModal({ open: true, userId: null })} data-testid="users-add">
          {t('users.add')}
        </Button>
      </Stack>
      {list.error && <Alert severity="error">{t('errors.listLoad')}</Alert>}
      <Paper variant="outlined" sx={{ flex: 1, minHeight: 0, overflow: 'auto' }} onScroll={onScroll} data-testid="users-scroll">
        <UsersTable
          users={list.users}
          empty={!list.loading && !list.users.length}
          onEdit={(user) => setModal({ open: true, userId: user.id })}
          onDelete={setDeleting}
        />
        {list.loading && <LinearProgress />}
      </Paper>
      <UserModal
        open={modal.open}
        userId={modal.userId}
        onClose={() => setModal({ open: false, userId: null })}
        onSaved={list.upsert}
      />
      <ConfirmationDialog
        open={Boolean(deleting)}
        title={t('users.deleteTitle', { name: deleting?.name })}
        confirmLabel={t('common.delete')}
        onConfirm={confirmDelete}
        onClose={() => setDeleting(null)}
        testId="user-delete-dialog"
      >
        {t('users.deleteMessage')}
      </ConfirmationDialog>
    </Box>
  );
}
