import { useEffect, useState } from 'react';
import useSWR from 'swr';
import { Button, CircularProgress, Dialog, DialogActions, DialogContent, DialogTitle, Divider, Stack, TextField } from '@mui/material';
import { useTranslation } from 'react-i18next';
import useForm from '../../../hooks/useForm';
import { toast } from '../../../services/toast';
import toastError from '../../../utils/toastError';
import { TAGS_LIST_PATH, createContact, getContact, syncContactTags, tagsFromList, updateContact } from '../api/contactsApi';
import { contactPayload, contactToForm, tagsPayload, validateContact } from '../api/contactForm';
import ExtraInfoFields from './ExtraInfoFields';
import TagsSelect from './TagsSelect';

function ContactForm({ contact, initialValues, onClose, onSaved }) {
  const { t } = useTranslation();
  const form = useForm(contactToForm(contact || initialValues));
  const { data: tagList, mutate: reloadTags } = useSWR(TAGS_LIST_PATH);
  const [savedId, setSavedId] = useState(contact?.id ?? null);
  const [saving, setSaving] = useState(false);
  const input = (testId) => ({ htmlInput: { 'data-testid': testId } });
  // LGPD: a number the server masked for this user stays as it is (the server ignores it on save).
  const maskedNumber = Boolean(contact?.number?.includes('*'));

  const onSubmit = async (event) => {
    event.preventDefault();
    if (!form.check({}, validateContact(form.values))) return;
    setSaving(true);
    try {
      const payload = contactPayload(form.values);
      const saved = savedId ? await updateContact(savedId, payload) : await createContact(payload);
      // A contact created before a failed tag sync is edited, never created twice.
      setSavedId(saved.id);
      const synced = await syncContactTags(saved.id, tagsPayload(form.values.tags));
      const tags = Array.isArray(synced) ? synced : synced?.tags || form.values.tags;
      if (form.values.tags.some((tag) => !tag.id)) reloadTags();
      toast.success(t('contacts.saved'));
      onSaved({ ...saved, tags });
      onClose();
    } catch (error) {
      form.applyServerErrors(error);
      toastError(error);
      setSaving(false);
    }
  };

  return (
    <form onSubmit={onSubmit} noValidate data-testid="contact-form">
      <DialogTitle>{contact ? t('contacts.modal.editTitle') : t('contacts.modal.addTitle')}</DialogTitle>
      <DialogContent dividers>
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
      </DialogContent>
      <DialogActions>
        <Button onClick={onClose} data-testid="contact-cancel">{t('common.cancel')}</Button>
        <Button type="submit" variant="contained" disabled={saving} data-testid="contact-save">
          {contact ? t('common.save') : t('common.add')}
        </Button>
      </DialogActions>
    </form>
  );
}

function EditContactForm({ contactId, onClose, onSaved }) {
  const [contact, setContact] = useState(null);
  useEffect(() => {
    let live = true;
    getContact(contactId)
      .then((fresh) => live && setContact(fresh))
      .catch((error) => {
        if (!live) return;
        toastError(error);
        onClose();
      });
    return () => {
      live = false;
    };
    // eslint-disable-next-line react-hooks/exhaustive-deps -- once per opened contact
  }, [contactId]);
  if (!contact) return <CircularProgress sx={{ m: 4, alignSelf: 'center' }} />;
  return <ContactForm contact={contact} onClose={onClose} onSaved={onSaved} />;
}

/** Add (contactId null; initialValues may prefill) or edit a contact, read afresh on open. */
export default function ContactModal({ open, contactId, initialValues, onClose, onSaved }) {
  let content = null;
  if (open && contactId) content = <EditContactForm key={contactId} contactId={contactId} onClose={onClose} onSaved={onSaved} />;
  else if (open) content = <ContactForm contact={null} initialValues={initialValues} onClose={onClose} onSaved={onSaved} />;
  return (
    <Dialog open={open} onClose={onClose} fullWidth maxWidth="sm" data-testid="contact-modal">
      {content}
    </Dialog>
  );
}
