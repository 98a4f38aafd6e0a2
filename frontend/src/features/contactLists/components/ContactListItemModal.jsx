import { Stack, TextField } from '@mui/material';
import { useTranslation } from 'react-i18next';
import FormDialog from '../../../components/FormDialog';
import useForm from '../../../hooks/useForm';
import { createContactListItem, updateContactListItem } from '../api/contactListsApi';
import { itemPayload, itemToForm, validateItem } from '../api/contactListForm';

function ItemForm({ listId, record, onClose, onSaved }) {
  const { t } = useTranslation();
  const form = useForm(itemToForm(record));
  const save = () => {
    const payload = itemPayload(form.values, listId);
    return record ? updateContactListItem(record.id, payload) : createContactListItem(payload);
  };
  const text = (name, props = {}) => (
    <TextField {...form.field(name)} label={t(`contactLists.items.modal.${name}`)} fullWidth
      slotProps={{ htmlInput: { 'data-testid': `contact-list-item-${name}`, maxLength: name === 'email' ? 254 : 50 } }} {...props} />
  );
  return (
    <FormDialog
      testId="contact-list-item"
      title={record ? t('contactLists.items.modal.editTitle') : t('contactLists.items.modal.addTitle')}
      adding={!record}
      validate={() => form.check({}, validateItem(form.values))}
      onSubmit={save}
      onError={form.applyServerErrors}
      successMessage={t('contactLists.items.saved')}
      onSaved={onSaved}
      onClose={onClose}
      dirty={form.dirty}
    >
      <Stack spacing={2} sx={{ pt: 1 }}>
        {text('name', { required: true, autoFocus: true })}
        {text('number', { required: true, helperText: form.field('number').helperText || t('contactLists.items.modal.numberHelp') })}
        {text('email', { type: 'email' })}
      </Stack>
    </FormDialog>
  );
}

/** Add (record null) or edit a contact of list listId. */
export default function ContactListItemModal({ open, listId, record, onClose, onSaved }) {
  return open ? <ItemForm key={record?.id ?? 'new'} listId={listId} record={record} onClose={onClose} onSaved={onSaved} /> : null;
}
