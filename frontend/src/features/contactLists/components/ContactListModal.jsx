import { Stack, TextField } from '@mui/material';
import { useTranslation } from 'react-i18next';
import FormDialog from '../../../components/FormDialog';
import useForm from '../../../hooks/useForm';
import { createContactList, updateContactList } from '../api/contactListsApi';
import { listPayload, listToForm, validateList } from '../api/contactListForm';

function ContactListForm({ record, onClose, onSaved }) {
  const { t } = useTranslation();
  const form = useForm(listToForm(record));
  const save = () => (record ? updateContactList(record.id, listPayload(form.values)) : createContactList(listPayload(form.values)));
  return (
    <FormDialog
      testId="contact-list"
      title={record ? t('contactLists.modal.editTitle') : t('contactLists.modal.addTitle')}
      adding={!record}
      validate={() => form.check({}, validateList(form.values))}
      onSubmit={save}
      onError={form.applyServerErrors}
      successMessage={t('contactLists.saved')}
      onSaved={onSaved}
      onClose={onClose}
      dirty={form.dirty}
    >
      <Stack spacing={2} sx={{ pt: 1 }}>
        <TextField {...form.field('name')} label={t('contactLists.modal.name')} required fullWidth autoFocus
          slotProps={{ htmlInput: { 'data-testid': 'contact-list-name', maxLength: 50 } }} />
      </Stack>
    </FormDialog>
  );
}

/** Add (record null) or rename a contact list. */
export default function ContactListModal({ open, record, onClose, onSaved }) {
  return open ? <ContactListForm key={record?.id ?? 'new'} record={record} onClose={onClose} onSaved={onSaved} /> : null;
}
