import { Avatar, Chip } from '@mui/material';
import BlockIcon from '@mui/icons-material/Block';
import LockOpenIcon from '@mui/icons-material/LockOpen';
import ChatOutlinedIcon from '@mui/icons-material/ChatOutlined';
import { useTranslation } from 'react-i18next';
import DataTable, { RowAction } from '../../../components/DataTable';
import { isAdmin } from '../../../utils/permissions';
import TagChips from './TagChips';

const blocked = (contact) => contact.active === false;

const COLUMNS = [
  {
    key: 'avatar',
    align: 'center',
    sx: { width: 56 },
    render: (contact) => <Avatar src={contact.urlPicture || undefined} sx={{ width: 32, height: 32, mx: 'auto' }}>{contact.name?.[0]}</Avatar>,
  },
  { key: 'name', render: (contact) => contact.name },
  { key: 'number', testId: 'contact-row-number', render: (contact) => contact.number },
  { key: 'email', render: (contact) => contact.email },
  { key: 'tags', render: (contact) => <TagChips tags={contact.tags} max={3} /> },
  {
    key: 'status',
    align: 'center',
    render: (contact, t) => (
      <Chip size="small" variant="outlined" data-testid="contact-status" color={blocked(contact) ? 'error' : 'success'}
        label={blocked(contact) ? t('contacts.blocked') : t('contacts.active')} />
    ),
  },
];

/** Contacts with their actions: start a ticket, edit, block/unblock and (admins) delete. */
export default function ContactsTable({ contacts, loading, user, onStartTicket, onEdit, onToggleBlock, onDelete }) {
  const { t } = useTranslation();
  return (
    <DataTable
      testId="contacts-table"
      item="contact"
      labels="contacts.columns"
      columns={COLUMNS}
      rows={contacts}
      rowData={(contact) => ({ name: contact.name, number: contact.number })}
      loading={loading}
      emptyText={t('contacts.empty')}
      extraActions={(contact) => (
        <>
          <RowAction title={t('contacts.startTicket')} onClick={() => onStartTicket(contact)} testId="contact-start-ticket">
            <ChatOutlinedIcon fontSize="small" />
          </RowAction>
          <RowAction title={blocked(contact) ? t('contacts.unblock') : t('contacts.block')} onClick={() => onToggleBlock(contact)}
            testId="contact-block">
            {blocked(contact) ? <LockOpenIcon fontSize="small" /> : <BlockIcon fontSize="small" />}
          </RowAction>
        </>
      )}
      onEdit={onEdit}
      onDelete={onDelete}
      canDelete={() => isAdmin(user)}
      deleteTitle={(contact) => t('contacts.deleteTitle', { name: contact.name })}
      deleteMessage={t('contacts.deleteMessage')}
      deletedMessage={t('contacts.deleted')}
    />
  );
}
