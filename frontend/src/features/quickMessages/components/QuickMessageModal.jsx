import { useRef, useState } from 'react';
import {
  Alert, Box, Button, FormControlLabel, IconButton, Link, Stack, Switch, TextField, Tooltip, Typography,
} from '@mui/material';
import AttachFileIcon from '@mui/icons-material/AttachFile';
import DeleteOutlinedIcon from '@mui/icons-material/DeleteOutlined';
import { useTranslation } from 'react-i18next';
import FormDialog from '../../../components/FormDialog';
import useForm from '../../../hooks/useForm';
import { useAuth } from '../../auth/hooks/useAuth';
import {
  createQuickMessage, createQuickMessageWithMedia, deleteQuickMessageMedia, updateQuickMessage, uploadQuickMessageMedia,
} from '../api/quickMessagesApi';
import {
  canEditQuickMessage, mediaAction, mediaNameOf, quickMessagePayload, quickMessageToForm, validateQuickMessage,
} from '../api/quickMessageForm';

const asRecord = (answer, fallback) => (answer && typeof answer === 'object' && answer.id ? answer : fallback);

function MediaField({ record, file, removed, disabled, onFile, onRemove }) {
  const { t } = useTranslation();
  const inputRef = useRef(null);
  const current = file ? file.name : !removed && mediaNameOf(record);
  const href = !file && !removed ? record?.mediaUrl || record?.mediaPath : null;
  return (
    <Stack direction="row" spacing={1} sx={{ alignItems: 'center' }}>
      <input ref={inputRef} type="file" hidden data-testid="quick-message-file"
        onChange={(e) => {
          if (e.target.files?.[0]) onFile(e.target.files[0]);
          e.target.value = '';
        }} />
      <Button variant="outlined" startIcon={<AttachFileIcon />} disabled={disabled} onClick={() => inputRef.current?.click()}
        data-testid="quick-message-attach">
        {t('quickMessages.modal.attach')}
      </Button>
      {current ? (
        <Box sx={{ display: 'flex', alignItems: 'center', minWidth: 0 }} data-testid="quick-message-media">
          {href ? <Link href={href} target="_blank" rel="noreferrer" noWrap>{current}</Link> : <Typography noWrap>{current}</Typography>}
          {!disabled && (
            <Tooltip title={t('quickMessages.modal.removeMedia')}>
              <IconButton size="small" onClick={onRemove} aria-label={t('quickMessages.modal.removeMedia')} data-testid="quick-message-remove-media">
                <DeleteOutlinedIcon fontSize="small" />
              </IconButton>
            </Tooltip>
          )}
        </Box>
      ) : (
        <Typography variant="body2" color="text.secondary">{t('quickMessages.modal.noMedia')}</Typography>
      )}
    </Stack>
  );
}

/** Add (record null) or edit a quick message; others' private-but-visible ones open read-only. */
function QuickMessageForm({ record, onClose, onSaved }) {
  const { t } = useTranslation();
  const { user } = useAuth();
  const editable = canEditQuickMessage(record, user);
  const form = useForm(quickMessageToForm(record));
  const [file, setFile] = useState(null);
  const [removed, setRemoved] = useState(false);
  // Created before a failed upload: the next try edits it instead of creating it again.
  const [savedId, setSavedId] = useState(record?.id ?? null);
  const toggle = (name, testId) => (
    <Switch checked={form.values[name]} disabled={!editable} onChange={(e) => form.setValue(name, e.target.checked)}
      slotProps={{ input: { 'data-testid': testId } }} />
  );

  const hadMedia = Boolean(mediaNameOf(record));
  const hasMedia = Boolean(file) || (hadMedia && !removed);

  const save = async () => {
    const payload = quickMessagePayload(form.values);
    if (!savedId && file) {
      const created = asRecord(await createQuickMessageWithMedia(payload, file), { ...payload, mediaName: file.name });
      setSavedId(created.id);
      return created;
    }
    let saved = savedId ? await updateQuickMessage(savedId, payload) : await createQuickMessage(payload);
    setSavedId(saved.id);
    const action = mediaAction({ file, removed, hadMedia });
    if (action === 'upload') saved = asRecord(await uploadQuickMessageMedia(saved.id, file), { ...saved, mediaName: file.name });
    if (action === 'delete') saved = asRecord(await deleteQuickMessageMedia(saved.id), { ...saved, mediaName: '', mediaPath: '', mediaUrl: '' });
    return saved;
  };

  return (
    <FormDialog
      testId="quick-message"
      title={record ? t('quickMessages.modal.editTitle') : t('quickMessages.modal.addTitle')}
      readOnly={!editable}
      adding={!record}
      validate={() => form.check({}, validateQuickMessage(form.values, { hasMedia }))}
      onSubmit={save}
      onError={form.applyServerErrors}
      successMessage={t('quickMessages.saved')}
      onSaved={onSaved}
      onClose={onClose}
      dirty={form.dirty}
    >
      <Stack spacing={2} sx={{ pt: 1 }}>
        {!editable && <Alert severity="info" data-testid="quick-message-readonly">{t('quickMessages.modal.ownerOnly')}</Alert>}
        <TextField {...form.field('shortcode')} label={t('quickMessages.modal.shortcode')} required fullWidth autoFocus disabled={!editable}
          helperText={form.field('shortcode').helperText || t('quickMessages.modal.shortcodeHelp')}
          slotProps={{ htmlInput: { 'data-testid': 'quick-message-shortcode' } }} />
        <TextField {...form.field('message')} label={t('quickMessages.modal.message')} multiline minRows={4} fullWidth disabled={!editable}
          slotProps={{ htmlInput: { 'data-testid': 'quick-message-message' } }} />
        <Stack direction={{ xs: 'column', sm: 'row' }} spacing={2}>
          <FormControlLabel control={toggle('geral', 'quick-message-geral')} label={t('quickMessages.modal.geral')} />
          <FormControlLabel control={toggle('visao', 'quick-message-visao')} label={t('quickMessages.modal.visao')} />
        </Stack>
        <MediaField record={record} file={file} removed={removed} disabled={!editable}
          onFile={(chosen) => { setFile(chosen); setRemoved(false); }}
          onRemove={() => { setFile(null); setRemoved(true); }} />
      </Stack>
    </FormDialog>
  );
}

export default function QuickMessageModal({ open, record, onClose, onSaved }) {
  return open ? <QuickMessageForm key={record?.id ?? 'new'} record={record} onClose={onClose} onSaved={onSaved} /> : null;
}
