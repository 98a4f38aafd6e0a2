import { Avatar, Box, Tooltip } from '@mui/material';
import { useTranslation } from 'react-i18next';
import DataTable from '../../../components/DataTable';

function OnlineDot({ online }) {
  const { t } = useTranslation();
  return (
    <Tooltip title={online ? t('users.online') : t('users.offline')}>
      <Box
        component="span"
        data-testid="user-online"
        data-online={Boolean(online)}
        sx={{ display: 'inline-block', width: 12, height: 12, borderRadius: '50%', bgcolor: online ? 'success.main' : 'grey.500' }}
      />
    </Tooltip>
  );
}

const COLUMNS = [
  { key: 'id', align: 'center', render: (user) => user.id },
  { key: 'status', align: 'center', render: (user) => <OnlineDot online={user.online} /> },
  {
    key: 'avatar',
    align: 'center',
    render: (user) => <Avatar src={user.profileImage || undefined} sx={{ width: 32, height: 32, mx: 'auto' }}>{user.name?.[0]}</Avatar>,
  },
  { key: 'name', render: (user) => user.name },
  { key: 'email', render: (user) => user.email },
  { key: 'profile', align: 'center', render: (user, t) => t(`users.profiles.${user.profile}`, { defaultValue: user.profile }) },
  { key: 'startWork', align: 'center', render: (user) => user.startWork },
  { key: 'endWork', align: 'center', render: (user) => user.endWork },
];

/** Users with presence; onDelete(user) runs once the deletion is confirmed. */
export default function UsersTable({ users, loading, onEdit, onDelete }) {
  const { t } = useTranslation();
  return (
    <DataTable
      testId="users-table"
      item="user"
      labels="users.columns"
      columns={COLUMNS}
      rows={users}
      rowData={(user) => ({ email: user.email })}
      loading={loading}
      emptyText={t('users.empty')}
      onEdit={onEdit}
      onDelete={onDelete}
      deleteTitle={(user) => t('users.deleteTitle', { name: user.name })}
      deleteMessage={t('users.deleteMessage')}
      deletedMessage={t('users.deleted')}
    />
  );
}
