import { useState } from 'react';
import useSWR, { useSWRConfig } from 'swr';
import { Divider, Stack, TextField } from '@mui/material';
import { useTranslation } from 'react-i18next';
import FormDialog from '../../../components/FormDialog';
import useForm from '../../../hooks/useForm';
import useFreshRecord from '../../../hooks/useFreshRecord';
import { isTagListKey } from '../../tags/api/tagsApi';
import { TAGS_LIST_PATH, createContact, getContact, syncContactTags, tagsFromList, updateContact } from '../api/contactsApi';
import { contactPayload, contactToForm, tagsPayload, validateContact } from '../api/contactForm';
import ExtraInfoFields from './ExtraInfoFields';
import TagsSelect from './TagsSelect';

const input = (testId) => ({ htmlInput: { 'data-testid': testId } });

/** Add (contactId null; initialValues may prefill) or edit a contact, read afresh each time it opens. */
function ContactForm({ contactId, initialValues, onClose, onSaved }) {
  const { t } = useTranslation();
  const form = useForm(contactToForm(initialValues));
  const { record: contact, loading } = useFreshRecord(contactId, getContact, {
    onLoaded: (fresh) => form.setValues(contactToForm(fresh)),
    onFailed: onClose,
  });
  const { data: tagList } = useSWR(TAGS_LIST_PATH);
  const { mutate } = useSWRConfig();
  // A contact created before a failed tag sync is edited, never created twice.
  const [savedId, setSavedId] = useState(contactId ?? null);
  // LGPD: a number the server masked for this user stays as it is (the server ignores it on save).
  const maskedNumber = Boolean(contact?.number?.includes('*'));

  const save = async () => {
    const payload = contactPayload(form.values);
    const saved = savedId ? await updateContact(savedId, payload) : await createContact(payload);
    setSavedId(saved.id);
    const synced = await syncContactTags(saved.id, tagsPayload(form.values.tags));
    const tags = Array.isArray(synced) ? synced : synced?.tags || form.values.tags;
    if (form.values.tags.some((tag) => !tag.id)) mutate(isTagListKey);
    return { ...saved, tags };
  };

  return (
    <FormDialog
      testId="contact"
      title={contactId ? t('contacts.modal.editTitle') : t('contacts.modal.addTitle')}
      loading={loading}
      adding={!contactId}
      validate={() => form.check({}, validateContact(form.values))}
      onSubmit={save}
      onError={form.applyServerErrors}
      successMessage={t('contacts.saved')}
      onSaved={onSaved}
      onClose={onClose}
      dirty={form.dirty}
    >
      <Stack spacing={2} sx={{ pt: 1 }}>
        <TextField {...form.field('name')} label={t('contacts.modal.name')} required fullWidth autoFocus slotProps={input('contact-name')} />
        <Stack direction={{ xs: 'column', sm: 'row' }} spacing={2}>
          <TextField {...form.field('number')} label={t('contacts.modal.number')} required fullWidth
            placeholder="5511999999999" slotProps={input('contact-number')} disabled={maskedNumber}
            helperText={form.field('number').helperText || (maskedNumber ? t('contacts.modal.maskedNumber') : undefined)} />
          <TextField {...form.field('email')} label={t('contacts.modal.email')} type="email" fullWidth slotProps={input('contact-email')} />
        </Stack>
        <TagsSelect
          value={form.values.tags}
          onChange={(tags) => form.setValue('tags', tags)}
          options={tagsFromList(tagList)}
          label={t('contacts.modal.tags')}
          testId="contact-tags"
        />
        <Divider />
        <ExtraInfoFields
          rows={form.values.extraInfo}
          onChange={(rows) => {
            form.setValues((current) => ({ ...current, extraInfo: rows }));
            form.setErrors((current) => Object.fromEntries(Object.entries(current).filter(([key]) => !key.startsWith('extraInfo'))));
          }}
          errors={form.errors}
          message={form.message}
        />
      </Stack>
    </FormDialog>
  );
}

export default function ContactModal({ open, contactId, initialValues, onClose, onSaved }) {
  if (!open) return null;
  return <ContactForm key={contactId ?? 'new'} contactId={contactId} initialValues={initialValues} onClose={onClose} onSaved={onSaved} />;
}
