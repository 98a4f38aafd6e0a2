import { Box, IconButton, Table, TableBody, TableCell, TableHead, TableRow, Tooltip, Typography } from '@mui/material';
import EditIcon from '@mui/icons-material/Edit';
import DeleteOutlinedIcon from '@mui/icons-material/DeleteOutlined';
import { useTranslation } from 'react-i18next';

const COLUMNS = ['id', 'name', 'color', 'orderQueue', 'greetingMessage', 'actions'];

export default function QueuesTable({ queues, empty, onEdit, onDelete }) {
  const { t } = useTranslation();
  return (
    <Table size="small" stickyHeader data-testid="queues-table">
      <TableHead>
        <TableRow>
          {COLUMNS.map((column) => (
            <TableCell key={column} align={['name', 'greetingMessage'].includes(column) ? 'left' : 'center'}>{t(`queues.columns.${column}`)}</TableCell>
          ))}
        </TableRow>
      </TableHead>
      <TableBody>
        {queues.map((queue) => (
          <TableRow key={queue.id} hover data-testid="queue-row" data-name={queue.name}>
            <TableCell align="center">{queue.id}</TableCell>
            <TableCell>{queue.name}</TableCell>
            <TableCell align="center">
              <Tooltip title={queue.color}>
                <Box data-testid="queue-swatch" sx={{ width: 60, height: 20, mx: 'auto', borderRadius: 1, bgcolor: queue.color, border: 1, borderColor: 'divider' }} />
              </Tooltip>
            </TableCell>
            <TableCell align="center">{queue.orderQueue}</TableCell>
            <TableCell sx={{ maxWidth: 360 }}>
              <Typography variant="body2" noWrap title={queue.greetingMessage}>{queue.greetingMessage}</Typography>
            </TableCell>
            <TableCell align="center" sx={{ whiteSpace: 'nowrap' }}>
              <Tooltip title={t('common.edit')}>
                <IconButton size="small" onClick={() => onEdit(queue)} aria-label={t('common.edit')} data-testid="queue-edit">
                  <EditIcon fontSize="small" />
                </IconButton>
              </Tooltip>
              <Tooltip title={t('common.delete')}>
                <IconButton size="small" onClick={() => onDelete(queue)} aria-label={t('common.delete')} data-testid="queue-delete">
                  <DeleteOutlinedIcon fontSize="small" />
                </IconButton>
              </Tooltip>
            </TableCell>
          </TableRow>
        ))}
        {empty && (
          <TableRow>
            <TableCell colSpan={COLUMNS.length}>
              <Typography align="center" color="text.secondary">{t('queues.empty')}</Typography>
            </TableCell>
          </TableRow>
        )}
      </TableBody>
    </Table>
  );
}
