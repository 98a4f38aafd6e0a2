import { useState } from 'react';
import {
  IconButton, LinearProgress, Skeleton, Table, TableBody, TableCell, TableHead, TableRow, Tooltip, Typography,
} from '@mui/material';
import EditIcon from '@mui/icons-material/Edit';
import VisibilityOutlinedIcon from '@mui/icons-material/VisibilityOutlined';
import DeleteOutlinedIcon from '@mui/icons-material/DeleteOutlined';
import { useTranslation } from 'react-i18next';
import { toast } from '../services/toast';
import toastError from '../utils/toastError';
import ConfirmationDialog from './ConfirmationDialog';

export const LOADING_ROWS = 3;
const always = () => true;

/** A row's icon button with its tooltip (the title is its accessible name too). */
export function RowAction({ title, onClick, testId, children }) {
  return (
    <Tooltip title={title}>
      <IconButton size="small" onClick={onClick} aria-label={title} data-testid={testId}>{children}</IconButton>
    </Tooltip>
  );
}

function StateRows({ columns, loading, hasRows, emptyText }) {
  if (loading && hasRows) {
    return <TableRow><TableCell colSpan={columns} sx={{ p: 0 }}><LinearProgress /></TableCell></TableRow>;
  }
  if (loading) {
    return Array.from({ length: LOADING_ROWS }, (_, index) => (
      <TableRow key={index} data-testid="table-loading-row">
        {Array.from({ length: columns }, (__, cell) => <TableCell key={cell}><Skeleton /></TableCell>)}
      </TableRow>
    ));
  }
  if (hasRows) return null;
  return (
    <TableRow data-testid="table-empty">
      <TableCell colSpan={columns}><Typography align="center" color="text.secondary">{emptyText}</Typography></TableCell>
    </TableRow>
  );
}

/**
 * The table of a list page: a header from the columns, a row per record, a last column of
 * actions (extra ones first, then edit, then delete after a confirmation), loading rows while
 * the first page loads (a progress row while more load) and the empty text.
 *
 * columns: [{ key, align, sx, testId, render(row, t) }]; headers are t(`${labels}.${key}`) and
 * t(`${labels}.actions`). item names the test ids: `${item}-row` (with data-* from rowData),
 * -edit, -delete and -delete-dialog. canEdit false shows a view icon (viewLabel) instead.
 * onDelete(row) runs after the confirmation; deletedMessage is toasted, a failure's error too.
 * deletedMessage may be a function of what onDelete resolved (the server's answer), and
 * deletedToast the toast's kind (success unless told, e.g. 'info').
 */
export default function DataTable({
  testId, item, labels, columns, rows, rowData = () => ({}), loading = false, emptyText,
  extraActions, onEdit, canEdit = always, viewLabel, onDelete, canDelete = always, deleteTitle, deleteMessage, deletedMessage,
  deletedToast = 'success',
}) {
  const { t } = useTranslation();
  const [deleting, setDeleting] = useState(null);
  const hasActions = Boolean(extraActions || onEdit || onDelete);
  const span = columns.length + (hasActions ? 1 : 0);

  const confirmDelete = async () => {
    try {
      const answer = await onDelete(deleting);
      const message = typeof deletedMessage === 'function' ? deletedMessage(answer) : deletedMessage;
      if (message) toast[deletedToast](message);
    } catch (error) {
      toastError(error);
    }
  };

  const actionsOf = (row) => {
    const editable = canEdit(row);
    return (
      <TableCell align="center" sx={{ whiteSpace: 'nowrap' }}>
        {extraActions?.(row)}
        {onEdit && (
          <RowAction title={editable ? t('common.edit') : viewLabel} onClick={() => onEdit(row)} testId={`${item}-edit`}>
            {editable ? <EditIcon fontSize="small" /> : <VisibilityOutlinedIcon fontSize="small" />}
          </RowAction>
        )}
        {onDelete && canDelete(row) && (
          <RowAction title={t('common.delete')} onClick={() => setDeleting(row)} testId={`${item}-delete`}>
            <DeleteOutlinedIcon fontSize="small" />
          </RowAction>
        )}
      </TableCell>
    );
  };

  const dataAttributes = (row) => Object.fromEntries(Object.entries(rowData(row)).map(([name, value]) => [`data-${name}`, value]));

  return (
    <>
      <Table size="small" stickyHeader data-testid={testId}>
        <TableHead>
          <TableRow>
            {columns.map((column) => (
              <TableCell key={column.key} align={column.align}>{t(`${labels}.${column.key}`)}</TableCell>
            ))}
            {hasActions && <TableCell align="center">{t(`${labels}.actions`)}</TableCell>}
          </TableRow>
        </TableHead>
        <TableBody>
          {rows.map((row) => (
            <TableRow key={row.id} hover data-testid={`${item}-row`} {...dataAttributes(row)}>
              {columns.map((column) => (
                <TableCell key={column.key} align={column.align} sx={column.sx} data-testid={column.testId}>{column.render(row, t)}</TableCell>
              ))}
              {hasActions && actionsOf(row)}
            </TableRow>
          ))}
          <StateRows columns={span} loading={loading} hasRows={rows.length > 0} emptyText={emptyText} />
        </TableBody>
      </Table>
      {onDelete && (
        <ConfirmationDialog
          open={Boolean(deleting)}
          title={deleting ? deleteTitle(deleting) : ''}
          confirmLabel={t('common.delete')}
          onConfirm={confirmDelete}
          onClose={() => setDeleting(null)}
          testId={`${item}-delete-dialog`}
        >
          {deleteMessage}
        </ConfirmationDialog>
      )}
    </>
  );
}
