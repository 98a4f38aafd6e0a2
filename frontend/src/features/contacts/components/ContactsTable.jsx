import {
  Avatar, Chip, IconButton, Table, TableBody, TableCell, TableHead, TableRow, Tooltip, Typography,
} from '@mui/material';
import EditIcon from '@mui/icons-material/Edit';
import DeleteOutlinedIcon from '@mui/icons-material/DeleteOutlined';
import BlockIcon from '@mui/icons-material/Block';
import LockOpenIcon from '@mui/icons-material/LockOpen';
import ChatOutlinedIcon from '@mui/icons-material/ChatOutlined';
import { useTranslation } from 'react-i18next';
import TagChips from './TagChips';

/** Contacts with their actions; onDelete is null for users who may not delete. */
export default function ContactsTable({ contacts, empty, onStartTicket, onEdit, onToggleBlock, onDelete }) {
  const { t } = useTranslation();
  const columns = ['avatar', 'name', 'number', 'email', 'tags', 'status', 'actions'];
  return (
    <Table size="small" stickyHeader data-testid="contacts-table">
      <TableHead>
        <TableRow>
          {columns.map((column) => (
            <TableCell key={column} align={['avatar', 'status', 'actions'].includes(column) ? 'center' : 'left'}>
              {t(`contacts.columns.${column}`)}
            </TableCell>
          ))}
        </TableRow>
      </TableHead>
      <TableBody>
        {contacts.map((contact) => (
          <TableRow key={contact.id} hover data-testid="contact-row" data-name={contact.name} data-number={contact.number}>
            <TableCell align="center" sx={{ width: 56 }}>
              <Avatar src={contact.urlPicture || undefined} sx={{ width: 32, height: 32, mx: 'auto' }}>{contact.name?.[0]}</Avatar>
            </TableCell>
            <TableCell>{contact.name}</TableCell>
            <TableCell data-testid="contact-row-number">{contact.number}</TableCell>
            <TableCell>{contact.email}</TableCell>
            <TableCell><TagChips tags={contact.tags} max={3} /></TableCell>
            <TableCell align="center">
              <Chip size="small" variant="outlined" data-testid="contact-status"
                color={contact.active === false ? 'error' : 'success'}
                label={contact.active === false ? t('contacts.blocked') : t('contacts.active')} />
            </TableCell>
            <TableCell align="center" sx={{ whiteSpace: 'nowrap' }}>
              <Tooltip title={t('contacts.startTicket')}>
                <IconButton size="small" onClick={() => onStartTicket(contact)} aria-label={t('contacts.startTicket')} data-testid="contact-start-ticket">
                  <ChatOutlinedIcon fontSize="small" />
                </IconButton>
              </Tooltip>
              <Tooltip title={t('common.edit')}>
                <IconButton size="small" onClick={() => onEdit(contact)} aria-label={t('common.edit')} data-testid="contact-edit">
                  <EditIcon fontSize="small" />
                </IconButton>
              </Tooltip>
              <Tooltip title={contact.active === false ? t('contacts.unblock') : t('contacts.block')}>
                <IconButton size="small" onClick={() => onToggleBlock(contact)} data-testid="contact-block"
                  aria-label={contact.active === false ? t('contacts.unblock') : t('contacts.block')}>
                  {contact.active === false ? <LockOpenIcon fontSize="small" /> : <BlockIcon fontSize="small" />}
                </IconButton>
              </Tooltip>
              {onDelete && (
                <Tooltip title={t('common.delete')}>
                  <IconButton size="small" onClick={() => onDelete(contact)} aria-label={t('common.delete')} data-testid="contact-delete">
                    <DeleteOutlinedIcon fontSize="small" />
                  </IconButton>
                </Tooltip>
              )}
            </TableCell>
          </TableRow>
        ))}
        {empty && (
          <TableRow>
            <TableCell colSpan={columns.length}>
              <Typography align="center" color="text.secondary">{t('contacts.empty')}</Typography>
            </TableCell>
          </TableRow>
        )}
      </TableBody>
    </Table>
  );
}
