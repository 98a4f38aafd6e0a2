import {
  Avatar, Box, IconButton, Table, TableBody, TableCell, TableHead, TableRow, Tooltip, Typography,
} from '@mui/material';
import EditIcon from '@mui/icons-material/Edit';
import DeleteOutlinedIcon from '@mui/icons-material/DeleteOutlined';
import { useTranslation } from 'react-i18next';

const COLUMNS = ['id', 'status', 'avatar', 'name', 'email', 'profile', 'startWork', 'endWork', 'actions'];

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

export default function UsersTable({ users, onEdit, onDelete, empty }) {
  const { t } = useTranslation();
  return (
    <Table size="small" stickyHeader data-testid="users-table">
      <TableHead>
        <TableRow>
          {COLUMNS.map((column) => (
            <TableCell key={column} align={column === 'name' || column === 'email' ? 'left' : 'center'}>
              {t(`users.columns.${column}`)}
            </TableCell>
          ))}
        </TableRow>
      </TableHead>
      <TableBody>
        {users.map((user) => (
          <TableRow key={user.id} hover data-testid="user-row" data-email={user.email}>
            <TableCell align="center">{user.id}</TableCell>
            <TableCell align="center"><OnlineDot online={user.online} /></TableCell>
            <TableCell align="center">
              <Avatar src={user.profileImage || undefined} sx={{ width: 32, height: 32, mx: 'auto' }}>{user.name?.[0]}</Avatar>
            </TableCell>
            <TableCell>{user.name}</TableCell>
            <TableCell>{user.email}</TableCell>
            <TableCell align="center">{t(`users.profiles.${user.profile}`, { defaultValue: user.profile })}</TableCell>
            <TableCell align="center">{user.startWork}</TableCell>
            <TableCell align="center">{user.endWork}</TableCell>
            <TableCell align="center" sx={{ whiteSpace: 'nowrap' }}>
              <IconButton size="small" onClick={() => onEdit(user)} aria-label={t('common.edit')} data-testid="user-edit">
                <EditIcon fontSize="small" />
              </IconButton>
              <IconButton size="small" onClick={() => onDelete(user)} aria-label={t('common.delete')} data-testid="user-delete">
                <DeleteOutlinedIcon fontSize="small" />
              </IconButton>
            </TableCell>
          </TableRow>
        ))}
        {empty && (
          <TableRow>
            <TableCell colSpan={COLUMNS.length}>
              <Typography align="center" color="text.secondary">{t('users.empty')}</Typography>
            </TableCell>
          </TableRow>
        )}
      </TableBody>
    </Table>
  );
}
