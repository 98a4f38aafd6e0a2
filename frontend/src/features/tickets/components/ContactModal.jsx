import { useEffect, useState } from 'react';
import {
  Autocomplete, Button, Chip, Dialog, DialogActions, DialogContent, DialogTitle, IconButton, Stack, TextField, Typography,
} from '@mui/material';
import DeleteOutlineIcon from '@mui/icons-material/DeleteOutlineOutlined';
import AddIcon from '@mui/icons-material/Add';
import { useTranslation } from 'react-i18next';
import useForm from '../../../hooks/useForm';
import { api } from '../../../services/api';
import { toast } from '../../../services/toast';
import toastError from '../../../utils/toastError';
import { createContact, createTag, getContact, updateContact } from '../api/ticketsApi';
import { useTags } from '../hooks/useLookups';

const SCHEMA = {
  name: { required: true, min: 2, max: 50 },
  number: { required: true, min: 8, max: 50 },
  email: { email: true },
};
export const MIN_TAG_NAME = 3;

const randomColor = () => `#${Math.floor(Math.random() * 0xffffff).toString(16).padStart(6, '0')}`;

/** Tag names shorter than 3 characters are refused. */
export const tagNameError = (name) => (String(name || '').trim().length < MIN_TAG_NAME ? 'tickets.contact.tagTooShort' : null);

function ContactForm({ contactId, initialName, onClose, onSaved }) {
  const { t } = useTranslation();
  const form = useForm({ name: initialName || '', number: '', email: '' });
  const [extraInfo, setExtraInfo] = useState([]);
  const [selectedTags, setSelectedTags] = useState([]);
  const [saving, setSaving] = useState(false);
  const { tags, mutate: reloadTags } = useTags();

  useEffect(() => {
    if (!contactId) return;
    getContact(contactId)
      .then((contact) => {
        form.setValues({ name: contact.name || '', number: contact.number || '', email: contact.email || '' });
        setExtraInfo(contact.extraInfo || []);
        setSelectedTags(contact.tags || []);
      })
      .catch(toastError);
    // eslint-disable-next-line react-hooks/exhaustive-deps -- loads once per contact
  }, [contactId]);

  const onTagsChange = async (_, values) => {
    const next = [];
    for (const value of values) {
      if (typeof value !== 'string') {
        next.push(value);
        continue;
      }
      const error = tagNameError(value);
      if (error) {
        toast.error(t(error));
        continue;
      }
      try {
        const tag = await createTag({ name: value.trim(), color: randomColor(), kanban: 0 });
        next.push(tag);
        reloadTags();
      } catch (err) {
        toastError(err);
      }
    }
    setSelectedTags(next);
  };

  const onSubmit = async (event) => {
    event.preventDefault();
    event.stopPropagation();
    if (!form.check(SCHEMA)) return;
    setSaving(true);
    const data = {
      ...form.values,
      extraInfo: extraInfo.filter((row) => row.name?.trim()),
      tags: selectedTags.map((tag) => ({ id: tag.id })),
    };
    try {
      const saved = contactId ? await updateContact(contactId, data) : await createContact(data);
      const id = saved?.id ?? contactId;
      if (id) {
        try {
          await api.post('/tags/sync', { contactId: id, tags: selectedTags });
        } catch {
          // The contact save carries the tags too; a missing sync endpoint changes nothing.
        }
      }
      toast.success(t('tickets.contact.saved'));
      onSaved?.({ ...data, ...saved, tags: selectedTags });
      onClose();
    } catch (error) {
      form.applyServerErrors(error);
      toastError(error);
      setSaving(false);
    }
  };

  const setRow = (index, key, value) =>
    setExtraInfo((rows) => rows.map((row, i) => (i === index ? { ...row, [key]: value } : row)));

  return (
    <form onSubmit={onSubmit} noValidate data-testid="contact-form">
      <DialogTitle>{contactId ? t('tickets.contact.editTitle') : t('tickets.contact.addTitle')}</DialogTitle>
      <DialogContent>
        <Stack spacing={2} sx={{ pt: 1 }}>
          <TextField {...form.field('name')} label={t('tickets.contact.name')} required autoFocus
            slotProps={{ htmlInput: { 'data-testid': 'contact-name' } }} />
          <TextField {...form.field('number')} label={t('tickets.contact.number')} required placeholder="5513912344321"
            slotProps={{ htmlInput: { 'data-testid': 'contact-number' } }} />
          <TextField {...form.field('email')} label={t('tickets.contact.email')} type="email"
            slotProps={{ htmlInput: { 'data-testid': 'contact-email' } }} />
          <Autocomplete
            multiple
            freeSolo
            options={tags}
            value={selectedTags}
            isOptionEqualToValue={(option, value) => option.id === value.id}
            getOptionLabel={(option) => (typeof option === 'string' ? option : option.name)}
            onChange={onTagsChange}
            renderValue={(value, getItemProps) =>
              value.map((tag, index) => {
                const { key, ...itemProps } = getItemProps({ index });
                return <Chip key={key} size="small" label={tag.name} sx={{ bgcolor: tag.color, color: '#fff' }} {...itemProps} />;
              })
            }
            renderInput={(params) => (
              <TextField {...params} label={t('tickets.contact.tags')} helperText={t('tickets.contact.tagsHelp')}
                slotProps={{ ...params.slotProps, htmlInput: { ...params.slotProps.htmlInput, 'data-testid': 'contact-tags' } }} />
            )}
          />
          <Typography variant="subtitle2">{t('tickets.contact.extraInfo')}</Typography>
          {extraInfo.map((row, index) => (
            <Stack direction="row" spacing={1} key={row.id ?? `new-${index}`} data-testid="contact-extra-row">
              <TextField size="small" label={t('tickets.contact.extraName')} value={row.name || ''}
                onChange={(e) => setRow(index, 'name', e.target.value)} />
              <TextField size="small" label={t('tickets.contact.extraValue')} value={row.value || ''}
                onChange={(e) => setRow(index, 'value', e.target.value)} />
              <IconButton onClick={() => setExtraInfo((rows) => rows.filter((_, i) => i !== index))} aria-label={t('common.delete')}>
                <DeleteOutlineIcon />
              </IconButton>
            </Stack>
          ))}
          <Button startIcon={<AddIcon />} onClick={() => setExtraInfo((rows) => [...rows, { name: '', value: '' }])}
            data-testid="contact-extra-add" sx={{ alignSelf: 'flex-start' }}>
            {t('tickets.contact.addExtra')}
          </Button>
        </Stack>
      </DialogContent>
      <DialogActions>
        <Button onClick={onClose}>{t('common.cancel')}</Button>
        <Button type="submit" variant="contained" disabled={saving} data-testid="contact-save">{t('common.save')}</Button>
      </DialogActions>
    </form>
  );
}

/** Contact create/edit with tags and extra info (PUT /contacts/{id} or POST /contacts). */
export default function ContactModal({ open, contactId, initialName, onClose, onSaved }) {
  return (
    <Dialog open={open} onClose={onClose} fullWidth maxWidth="sm" data-testid="contact-modal">
      {open && <ContactForm contactId={contactId} initialName={initialName} onClose={onClose} onSaved={onSaved} />}
    </Dialog>
  );
}
