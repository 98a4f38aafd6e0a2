import { IconButton, Stack, Table, TableBody, TableCell, TableHead, TableRow, Tooltip, Typography } from '@mui/material';
import EditIcon from '@mui/icons-material/Edit';
import DeleteOutlinedIcon from '@mui/icons-material/DeleteOutlined';
import StarIcon from '@mui/icons-material/Star';
import PhoneAndroidIcon from '@mui/icons-material/PhoneAndroid';
import { useTranslation } from 'react-i18next';
import { SANDBOX, formatUpdatedAt } from '../api/connectionRules';
import ChannelIcon from './ChannelIcon';
import ImportStatus from './ImportStatus';
import SessionButtons from './SessionButtons';
import StatusIcon from './StatusIcon';

function RowActions({ connection, onEdit, onDelete, onSimulate }) {
  const { t } = useTranslation();
  return (
    <>
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
    </>
  );
}

/**
 * Connections with status, number, session actions and import progress (when showSession),
 * last update, default marker and edit/delete/simulate.
 */
export default function ConnectionsTable({ connections, empty, showSession, importProgress, onEdit, onDelete, onSimulate, onSession, onCloseImported }) {
  const { t } = useTranslation();
  const columns = ['name', 'channel', 'number', 'status', ...(showSession ? ['session'] : []), 'updatedAt', 'isDefault', ...(showSession ? ['actions'] : [])];
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
          <TableRow key={connection.id} hover data-testid="connection-row" data-id={connection.id} data-name={connection.name}
            data-channel={connection.channel} data-status={connection.status}>
            <TableCell>{connection.name}</TableCell>
            <TableCell align="center"><ChannelIcon channel={connection.channel} /></TableCell>
            <TableCell align="center" data-testid="connection-number">{connection.number || '-'}</TableCell>
            <TableCell align="center"><StatusIcon status={connection.status} /></TableCell>
            {showSession && (
              <TableCell align="center">
                <Stack spacing={1} sx={{ alignItems: 'center' }}>
                  <SessionButtons connection={connection} onSession={onSession} />
                  <ImportStatus connection={connection} progress={importProgress?.[connection.id]} onCloseTickets={onCloseImported} />
                </Stack>
              </TableCell>
            )}
            <TableCell align="center" sx={{ whiteSpace: 'nowrap' }}>{formatUpdatedAt(connection.updatedAt)}</TableCell>
            <TableCell align="center">
              {connection.isDefault && <StarIcon sx={{ color: 'warning.main' }} data-testid="connection-default" />}
            </TableCell>
            {showSession && (
              <TableCell align="center" sx={{ whiteSpace: 'nowrap' }}>
                <RowActions connection={connection} onEdit={onEdit} onDelete={onDelete} onSimulate={onSimulate} />
              </TableCell>
            )}
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
