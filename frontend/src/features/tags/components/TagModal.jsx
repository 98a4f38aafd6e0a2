import { useState } from 'react';
import { Button, Checkbox, Dialog, DialogActions, DialogContent, DialogTitle, FormControlLabel, Stack, TextField } from '@mui/material';
import { useTranslation } from 'react-i18next';
import ColorPickerField from '../../../components/ColorPickerField';
import useForm from '../../../hooks/useForm';
import { toast } from '../../../services/toast';
import toastError from '../../../utils/toastError';
import { createTag, updateTag } from '../api/tagsApi';
import { tagPayload, tagToForm, validateTag } from '../api/tagForm';

function TagForm({ tag, onClose, onSaved }) {
  const { t } = useTranslation();
  const form = useForm(tagToForm(tag));
  const [saving, setSaving] = useState(false);

  const onSubmit = async (event) => {
    event.preventDefault();
    if (!form.check({}, validateTag(form.values))) return;
    setSaving(true);
    try {
      const payload = tagPayload(form.values);
      const saved = tag ? await updateTag(tag.id, payload) : await createTag(payload);
      toast.success(t('tags.saved'));
      onSaved(saved);
      onClose();
    } catch (error) {
      form.applyServerErrors(error);
      toastError(error);
      setSaving(false);
    }
  };

  const color = form.field('color');
  return (
    <form onSubmit={onSubmit} noValidate data-testid="tag-form">
      <DialogTitle>{tag ? t('tags.modal.editTitle') : t('tags.modal.addTitle')}</DialogTitle>
      <DialogContent dividers>
        <Stack spacing={2} sx={{ pt: 1 }}>
          <TextField {...form.field('name')} label={t('tags.modal.name')} required fullWidth autoFocus
            slotProps={{ htmlInput: { 'data-testid': 'tag-name' } }} />
          <ColorPickerField value={form.values.color} onChange={(value) => form.setValue('color', value)}
            label={t('tags.modal.color')} error={color.error} helperText={color.helperText} required testId="tag-color" />
          <FormControlLabel
            label={t('tags.modal.kanban')}
            control={<Checkbox checked={form.values.kanban} onChange={(e) => form.setValue('kanban', e.target.checked)}
              slotProps={{ input: { 'data-testid': 'tag-kanban' } }} />}
          />
        </Stack>
      </DialogContent>
      <DialogActions>
        <Button onClick={onClose} data-testid="tag-cancel">{t('common.cancel')}</Button>
        <Button type="submit" variant="contained" disabled={saving} data-testid="tag-save">
          {tag ? t('common.save') : t('common.add')}
        </Button>
      </DialogActions>
    </form>
  );
}

/** Add (tag null) or edit a tag. */
export default function TagModal({ open, tag, onClose, onSaved }) {
  return (
    <Dialog open={open} onClose={onClose} fullWidth maxWidth="xs" data-testid="tag-modal">
      {open && <TagForm key={tag?.id ?? 'new'} tag={tag} onClose={onClose} onSaved={onSaved} />}
    </Dialog>
  );
}
