import { useState } from 'react';
import {
  Chip, IconButton, LinearProgress, ListItemIcon, Menu, MenuItem, Table, TableBody, TableCell, TableHead, TableRow, Typography,
} from '@mui/material';
import MoreVertIcon from '@mui/icons-material/MoreVert';
import EditOutlinedIcon from '@mui/icons-material/EditOutlined';
import AccountTreeOutlinedIcon from '@mui/icons-material/AccountTreeOutlined';
import ContentCopyIcon from '@mui/icons-material/ContentCopy';
import DeleteOutlineIcon from '@mui/icons-material/DeleteOutlined';
import { useTranslation } from 'react-i18next';
import ConfirmationDialog from '../../../components/ConfirmationDialog';

const ACTIONS = [
  { key: 'rename', Icon: EditOutlinedIcon },
  { key: 'edit', Icon: AccountTreeOutlinedIcon },
  { key: 'duplicate', Icon: ContentCopyIcon },
  { key: 'delete', Icon: DeleteOutlineIcon },
];

/**
 * The flows: name and status; a row click opens the editor, the row menu renames, edits,
 * duplicates or deletes (the last two after their confirmations). onAction(key, flow).
 */
export default function FlowsTable({ flows, loading, onOpen, onAction }) {
  const { t } = useTranslation();
  const [menu, setMenu] = useState(null);
  const [confirming, setConfirming] = useState(null);
  const pick = (key) => {
    const { flow } = menu;
    setMenu(null);
    if (key === 'delete' || key === 'duplicate') setConfirming({ key, flow });
    else onAction(key, flow);
  };
  return (
    <>
      <Table size="small" stickyHeader data-testid="flows-table">
        <TableHead>
          <TableRow>
            <TableCell>{t('flowbuilder.list.columns.name')}</TableCell>
            <TableCell align="center">{t('flowbuilder.list.columns.status')}</TableCell>
            <TableCell align="center">{t('flowbuilder.list.columns.actions')}</TableCell>
          </TableRow>
        </TableHead>
        <TableBody>
          {flows.map((flow) => (
            <TableRow key={flow.id} hover sx={{ cursor: 'pointer' }} onClick={() => onOpen(flow)} data-testid="flow-row" data-name={flow.name} data-id={flow.id}>
              <TableCell sx={{ fontWeight: 500 }}>{flow.name}</TableCell>
              <TableCell align="center">
                <Chip size="small" color={flow.active ? 'success' : 'default'} data-testid="flow-status"
                  label={flow.active ? t('flowbuilder.list.active') : t('flowbuilder.list.inactive')} />
              </TableCell>
              <TableCell align="center" onClick={(e) => e.stopPropagation()}>
                <IconButton size="small" aria-label={t('flowbuilder.list.more')} onClick={(e) => setMenu({ anchor: e.currentTarget, flow })}
                  data-testid="flow-menu">
                  <MoreVertIcon fontSize="small" />
                </IconButton>
              </TableCell>
            </TableRow>
          ))}
          {loading && <TableRow><TableCell colSpan={3} sx={{ p: 0 }}><LinearProgress /></TableCell></TableRow>}
          {!loading && !flows.length && (
            <TableRow data-testid="table-empty">
              <TableCell colSpan={3}><Typography align="center" color="text.secondary">{t('flowbuilder.list.empty')}</Typography></TableCell>
            </TableRow>
          )}
        </TableBody>
      </Table>
      <Menu anchorEl={menu?.anchor} open={Boolean(menu)} onClose={() => setMenu(null)}>
        {ACTIONS.map(({ key, Icon }) => (
          <MenuItem key={key} onClick={() => pick(key)} data-testid={`flow-menu-${key}`}>
            <ListItemIcon><Icon fontSize="small" /></ListItemIcon>
            {t(`flowbuilder.list.${key}`)}
          </MenuItem>
        ))}
      </Menu>
      <ConfirmationDialog
        open={Boolean(confirming)}
        title={confirming ? t(`flowbuilder.list.${confirming.key}Title`, { name: confirming.flow.name }) : ''}
        confirmLabel={confirming ? t(`flowbuilder.list.${confirming.key}`) : ''}
        onConfirm={() => onAction(confirming.key, confirming.flow)}
        onClose={() => setConfirming(null)}
        testId="flow-confirm"
      >
        {confirming && t(`flowbuilder.list.${confirming.key}Message`)}
      </ConfirmationDialog>
    </>
  );
}
