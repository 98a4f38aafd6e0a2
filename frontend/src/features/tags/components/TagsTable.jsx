import { Box, Chip, IconButton, Table, TableBody, TableCell, TableHead, TableRow, Tooltip, Typography } from '@mui/material';
import EditIcon from '@mui/icons-material/Edit';
import DeleteOutlinedIcon from '@mui/icons-material/DeleteOutlined';
import { useTranslation } from 'react-i18next';
import { contrastText } from '../../../utils/colors';

const COLUMNS = ['name', 'color', 'kanban', 'actions'];

export default function TagsTable({ tags, empty, onEdit, onDelete }) {
  const { t } = useTranslation();
  return (
    <Table size="small" stickyHeader data-testid="tags-table">
      <TableHead>
        <TableRow>
          {COLUMNS.map((column) => (
            <TableCell key={column} align={column === 'name' ? 'left' : 'center'}>{t(`tags.columns.${column}`)}</TableCell>
          ))}
        </TableRow>
      </TableHead>
      <TableBody>
        {tags.map((tag) => (
          <TableRow key={tag.id} hover data-testid="tag-row" data-name={tag.name}>
            <TableCell>
              <Chip label={tag.name} size="small" sx={{ bgcolor: tag.color, color: contrastText(tag.color) }} />
            </TableCell>
            <TableCell align="center">
              <Box sx={{ display: 'inline-flex', alignItems: 'center', gap: 1 }}>
                <Box sx={{ width: 16, height: 16, borderRadius: 0.5, bgcolor: tag.color, border: 1, borderColor: 'divider' }} />
                <Typography variant="body2" sx={{ fontFamily: 'monospace' }}>{tag.color}</Typography>
              </Box>
            </TableCell>
            <TableCell align="center">{Number(tag.kanban) === 1 ? t('tags.yes') : t('tags.no')}</TableCell>
            <TableCell align="center" sx={{ whiteSpace: 'nowrap' }}>
              <Tooltip title={t('common.edit')}>
                <IconButton size="small" onClick={() => onEdit(tag)} aria-label={t('common.edit')} data-testid="tag-edit">
                  <EditIcon fontSize="small" />
                </IconButton>
              </Tooltip>
              <Tooltip title={t('common.delete')}>
                <IconButton size="small" onClick={() => onDelete(tag)} aria-label={t('common.delete')} data-testid="tag-delete">
                  <DeleteOutlinedIcon fontSize="small" />
                </IconButton>
              </Tooltip>
            </TableCell>
          </TableRow>
        ))}
        {empty && (
          <TableRow>
            <TableCell colSpan={COLUMNS.length}>
              <Typography align="center" color="text.secondary">{t('tags.empty')}</Typography>
            </TableCell>
          </TableRow>
        )}
      </TableBody>
    </Table>
  );
}
