import { Button, IconButton, Stack, Table, TableBody, TableCell, TableHead, TableRow, Tooltip, Typography } from '@mui/material';
import EditIcon from '@mui/icons-material/Edit';
import DeleteOutlinedIcon from '@mui/icons-material/DeleteOutlined';
import StarIcon from '@mui/icons-material/Star';
import PhoneAndroidIcon from '@mui/icons-material/PhoneAndroid';
import { useTranslation } from 'react-i18next';
import { SANDBOX, formatUpdatedAt, sessionActions } from '../api/connectionRules';
import ChannelIcon from './ChannelIcon';
import StatusIcon from './StatusIcon';

function SessionButtons({ connection, onSession }) {
  const { t } = useTranslation();
  return (
    <Stack direction="row" spacing={1} sx={{ justifyContent: 'center' }}>
      {sessionActions(connection).map((action) => (
        <Button key={action} size="small" variant="outlined" disabled={action === 'connecting'}
          color={action === 'disconnect' ? 'error' : 'primary'}
          onClick={() => onSession(connection, action)} data-testid={`connection-session-${action}`}>
          {t(`connections.session.${action}`)}
        </Button>
      ))}
    </Stack>
  );
}

/** Connections with status, session actions (when showSession) and edit/delete/simulate. */
export default function ConnectionsTable({ connections, empty, showSession, onEdit, onDelete, onSimulate, onSession }) {
  const { t } = useTranslation();
  const columns = ['name', 'channel', 'status', ...(showSession ? ['session'] : []), 'updatedAt', 'isDefault', 'actions'];
  return (
    <Table size="small" stickyHeader data-testid="connections-table">
      <TableHead>
        <TableRow>
          {columns.map((column) => (
            <TableCell key={column} align={column === 'name' ? 'left' : 'center'}>{t(`connections.columns.${column}`)}</TableCell>
          ))}
        </TableRow>
      </TableHead>
      <TableBody>
        {connections.map((connection) => (
          <TableRow key={connection.id} hover data-testid="connection-row" data-name={connection.name} data-channel={connection.channel}>
            <TableCell>{connection.name}</TableCell>
            <TableCell align="center"><ChannelIcon channel={connection.channel} /></TableCell>
            <TableCell align="center"><StatusIcon status={connection.status} /></TableCell>
            {showSession && <TableCell align="center"><SessionButtons connection={connection} onSession={onSession} /></TableCell>}
            <TableCell align="center" sx={{ whiteSpace: 'nowrap' }}>{formatUpdatedAt(connection.updatedAt)}</TableCell>
            <TableCell align="center">
              {connection.isDefault && <StarIcon sx={{ color: 'warning.main' }} data-testid="connection-default" />}
            </TableCell>
            <TableCell align="center" sx={{ whiteSpace: 'nowrap' }}>
              {connection.channel === SANDBOX && (
                <Tooltip title={t('connections.simulate')}>
                  <IconButton size="small" color="secondary" onClick={() => onSimulate(connection)} aria-label={t('connections.simulate')}
                    data-testid="connection-simulate">
                    <PhoneAndroidIcon fontSize="small" />
                  </IconButton>
                </Tooltip>
              )}
              <Tooltip title={t('common.edit')}>
                <IconButton size="small" onClick={() => onEdit(connection)} aria-label={t('common.edit')} data-testid="connection-edit">
                  <EditIcon fontSize="small" />
                </IconButton>
              </Tooltip>
              <Tooltip title={t('common.delete')}>
                <IconButton size="small" onClick={() => onDelete(connection)} aria-label={t('common.delete')} data-testid="connection-delete">
                  <DeleteOutlinedIcon fontSize="small" />
                </IconButton>
              </Tooltip>
            </TableCell>
          </TableRow>
        ))}
        {empty && (
          <TableRow>
            <TableCell colSpan={columns.length}>
              <Typography align="center" color="text.secondary">{t('connections.empty')}</Typography>
            </TableCell>
          </TableRow>
        )}
      </TableBody>
    </Table>
  );
}
