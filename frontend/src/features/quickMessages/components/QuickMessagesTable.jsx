import { Chip, IconButton, Table, TableBody, TableCell, TableHead, TableRow, Tooltip, Typography } from '@mui/material';
import EditIcon from '@mui/icons-material/Edit';
import VisibilityOutlinedIcon from '@mui/icons-material/VisibilityOutlined';
import DeleteOutlinedIcon from '@mui/icons-material/DeleteOutlined';
import AttachFileIcon from '@mui/icons-material/AttachFile';
import { useTranslation } from 'react-i18next';
import { canEditQuickMessage, mediaNameOf } from '../api/quickMessageForm';

const COLUMNS = ['shortcode', 'message', 'media', 'scope', 'actions'];
const PREVIEW = 90;

const preview = (text) => (text && text.length > PREVIEW ? `${text.slice(0, PREVIEW)}…` : text);

export default function QuickMessagesTable({ records, user, empty, onEdit, onDelete }) {
  const { t } = useTranslation();
  const scope = (record) => {
    if (record.geral) return { label: t('quickMessages.scope.geral'), color: 'primary' };
    if (record.visao) return { label: t('quickMessages.scope.visao'), color: 'info' };
    return { label: t('quickMessages.scope.private'), color: 'default' };
  };
  return (
    <Table size="small" stickyHeader data-testid="quick-messages-table">
      <TableHead>
        <TableRow>
          {COLUMNS.map((column) => (
            <TableCell key={column} align={['shortcode', 'message'].includes(column) ? 'left' : 'center'}>{t(`quickMessages.columns.${column}`)}</TableCell>
          ))}
        </TableRow>
      </TableHead>
      <TableBody>
        {records.map((record) => {
          const editable = canEditQuickMessage(record, user);
          const media = mediaNameOf(record);
          const { label, color } = scope(record);
          return (
            <TableRow key={record.id} hover data-testid="quick-message-row" data-shortcode={record.shortcode}>
              <TableCell sx={{ fontWeight: 500 }}>/{record.shortcode}</TableCell>
              <TableCell sx={{ maxWidth: 420 }}>
                <Typography variant="body2" sx={{ whiteSpace: 'pre-line' }}>{preview(record.message)}</Typography>
              </TableCell>
              <TableCell align="center">
                {media && <Tooltip title={media}><AttachFileIcon fontSize="small" data-testid="quick-message-has-media" /></Tooltip>}
              </TableCell>
              <TableCell align="center"><Chip size="small" variant="outlined" color={color} label={label} /></TableCell>
              <TableCell align="center" sx={{ whiteSpace: 'nowrap' }}>
                <Tooltip title={editable ? t('common.edit') : t('quickMessages.view')}>
                  <IconButton size="small" onClick={() => onEdit(record)} aria-label={t('common.edit')} data-testid="quick-message-edit">
                    {editable ? <EditIcon fontSize="small" /> : <VisibilityOutlinedIcon fontSize="small" />}
                  </IconButton>
                </Tooltip>
                {editable && (
                  <Tooltip title={t('common.delete')}>
                    <IconButton size="small" onClick={() => onDelete(record)} aria-label={t('common.delete')} data-testid="quick-message-delete">
                      <DeleteOutlinedIcon fontSize="small" />
                    </IconButton>
                  </Tooltip>
                )}
              </TableCell>
            </TableRow>
          );
        })}
        {empty && (
          <TableRow>
            <TableCell colSpan={COLUMNS.length}>
              <Typography align="center" color="text.secondary">{t('quickMessages.empty')}</Typography>
            </TableCell>
          </TableRow>
        )}
      </TableBody>
    </Table>
  );
}
