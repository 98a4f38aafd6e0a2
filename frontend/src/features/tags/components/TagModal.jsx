import { Checkbox, FormControlLabel, Stack, TextField } from '@mui/material';
import { useTranslation } from 'react-i18next';
import ColorPickerField from '../../../components/ColorPickerField';
import FormDialog from '../../../components/FormDialog';
import useForm from '../../../hooks/useForm';
import { createTag, updateTag } from '../api/tagsApi';
import { tagPayload, tagToForm, validateTag } from '../api/tagForm';

/** Add (tag null) or edit a tag. */
function TagForm({ tag, onClose, onSaved }) {
  const { t } = useTranslation();
  const form = useForm(tagToForm(tag));
  const color = form.field('color');

  const save = () => {
    const payload = tagPayload(form.values);
    return tag ? updateTag(tag.id, payload) : createTag(payload);
  };

  return (
    <FormDialog
      testId="tag"
      maxWidth="xs"
      title={tag ? t('tags.modal.editTitle') : t('tags.modal.addTitle')}
      adding={!tag}
      validate={() => form.check({}, validateTag(form.values))}
      onSubmit={save}
      onError={form.applyServerErrors}
      successMessage={t('tags.saved')}
      onSaved={onSaved}
      onClose={onClose}
      dirty={form.dirty}
    >
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
    </FormDialog>
  );
}

export default function TagModal({ open, tag, onClose, onSaved }) {
  return open ? <TagForm key={tag?.id ?? 'new'} tag={tag} onClose={onClose} onSaved={onSaved} /> : null;
}
