import { useRef } from 'react';
import { Box, Button, FormHelperText, IconButton, Link, Stack, TextField, Typography } from '@mui/material';
import AddIcon from '@mui/icons-material/Add';
import AttachFileIcon from '@mui/icons-material/AttachFile';
import DeleteOutlineIcon from '@mui/icons-material/DeleteOutlineOutlined';
import { useTranslation } from 'react-i18next';
import FormDialog from '../../../components/FormDialog';
import useForm from '../../../hooks/useForm';
import { createFileList, updateFileList, uploadListFiles } from '../api/filesApi';
import {
  FILE_ACCEPT, fileListPayload, listToForm, pendingUploads, uploadAll, validateFileList,
} from '../api/fileListForm';

function OptionRow({ option, index, onChange, onRemove }) {
  const { t } = useTranslation();
  const fileName = option.file?.name || (option.path ? option.path.split('/').pop() : '');
  return (
    <Stack direction="row" spacing={1} sx={{ alignItems: 'center' }} data-testid={`file-option-${index}`}>
      <TextField size="small" label={t('files.modal.optionName')} value={option.name} sx={{ flex: 1 }}
        onChange={(e) => onChange({ ...option, name: e.target.value })}
        slotProps={{ htmlInput: { 'data-testid': `file-option-name-${index}`, maxLength: 100 } }} />
      <Button component="label" size="small" startIcon={<AttachFileIcon />} variant="outlined">
        {t('files.modal.attach')}
        <input hidden type="file" accept={FILE_ACCEPT} data-testid={`file-option-file-${index}`}
          onChange={(e) => onChange({ ...option, file: e.target.files?.[0] || null })} />
      </Button>
      <Box sx={{ minWidth: 120, maxWidth: 180, overflow: 'hidden', textOverflow: 'ellipsis', whiteSpace: 'nowrap' }}>
        {option.url && !option.file
          ? <Link href={option.url} target="_blank" rel="noopener noreferrer" variant="body2">{fileName}</Link>
          : <Typography variant="body2" color="text.secondary">{fileName || t('files.modal.noFile')}</Typography>}
      </Box>
      <IconButton aria-label={t('files.modal.removeOption')} onClick={onRemove} size="small"><DeleteOutlineIcon /></IconButton>
    </Stack>
  );
}

function FileListForm({ record, onClose, onSaved }) {
  const { t } = useTranslation();
  const form = useForm(listToForm(record));
  const options = form.values.options;
  const setOptions = (next) => form.setValue('options', next);
  // A list created by an earlier attempt whose upload failed: the retry updates it (its options
  // are replaced by the form's, then the files go up again) instead of creating a second list.
  const created = useRef(null);
  const save = async () => {
    const body = fileListPayload(form.values);
    const id = record?.id ?? created.current;
    const saved = id ? await updateFileList(id, body) : await createFileList(body);
    if (!id) created.current = saved.id;
    return uploadAll(uploadListFiles, saved.id, pendingUploads(form.values, saved), saved);
  };
  return (
    <FormDialog
      testId="file-list"
      title={record ? t('files.modal.editTitle') : t('files.modal.addTitle')}
      adding={!record}
      validate={() => form.check({}, validateFileList(form.values))}
      onSubmit={save}
      onError={form.applyServerErrors}
      successMessage={t('files.saved')}
      onSaved={onSaved}
      onClose={onClose}
      dirty={form.dirty}
    >
      <Stack spacing={2} sx={{ pt: 1 }}>
        <TextField {...form.field('name')} label={t('files.modal.name')} required fullWidth autoFocus
          slotProps={{ htmlInput: { 'data-testid': 'file-list-name', maxLength: 100 } }} />
        <TextField {...form.field('message')} label={t('files.modal.message')} required fullWidth multiline minRows={3}
          slotProps={{ htmlInput: { 'data-testid': 'file-list-message', maxLength: 4000 } }} />
        <Typography variant="subtitle2">{t('files.modal.options')}</Typography>
        {options.map((option, index) => (
          <OptionRow key={option.id || `new-${index}`} option={option} index={index}
            onChange={(next) => setOptions(options.map((o, i) => (i === index ? next : o)))}
            onRemove={() => setOptions(options.filter((_, i) => i !== index))} />
        ))}
        {form.errors.options && <FormHelperText error>{form.message(form.errors.options)}</FormHelperText>}
        <Box>
          <Button startIcon={<AddIcon />} data-testid="file-option-add"
            onClick={() => setOptions([...options, { name: '', file: null }])}>
            {t('files.modal.addOption')}
          </Button>
        </Box>
      </Stack>
    </FormDialog>
  );
}

/** Add (record null) or edit a file list with its options and their files. */
export default function FileListModal({ open, record, onClose, onSaved }) {
  return open ? <FileListForm key={record?.id ?? 'new'} record={record} onClose={onClose} onSaved={onSaved} /> : null;
}
