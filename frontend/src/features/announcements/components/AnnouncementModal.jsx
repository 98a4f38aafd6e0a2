import { useRef, useState } from 'react';
import {
  Box, Button, FormControlLabel, IconButton, MenuItem, Stack, Switch, TextField, Tooltip, Typography,
} from '@mui/material';
import AttachFileIcon from '@mui/icons-material/AttachFile';
import DeleteOutlinedIcon from '@mui/icons-material/DeleteOutlined';
import { useTranslation } from 'react-i18next';
import FormDialog from '../../../components/FormDialog';
import useForm from '../../../hooks/useForm';
import {
  MEDIA_ACCEPT, PRIORITIES, announcementToForm, createAnnouncement, deleteAnnouncementMedia, updateAnnouncement,
  uploadAnnouncementMedia, validateAnnouncement,
} from '../api/announcementsApi';

function AnnouncementForm({ record, onClose, onSaved }) {
  const { t } = useTranslation();
  const form = useForm(announcementToForm(record));
  const inputRef = useRef(null);
  const [file, setFile] = useState(null);
  const [removed, setRemoved] = useState(false);
  const [savedId, setSavedId] = useState(record?.id ?? null);
  const current = file ? file.name : !removed && record?.mediaName;

  const save = async () => {
    const payload = { ...form.values, priority: Number(form.values.priority) };
    let saved = savedId ? await updateAnnouncement(savedId, payload) : await createAnnouncement(payload);
    setSavedId(saved.id);
    if (file) saved = await uploadAnnouncementMedia(saved.id, file);
    else if (removed && record?.mediaName) saved = await deleteAnnouncementMedia(saved.id);
    return saved;
  };

  return (
    <FormDialog
      testId="announcement"
      title={record ? t('announcements.modal.editTitle') : t('announcements.modal.addTitle')}
      adding={!record}
      validate={() => form.check({}, validateAnnouncement(form.values))}
      onSubmit={save}
      onError={form.applyServerErrors}
      successMessage={t('announcements.saved')}
      onSaved={onSaved}
      onClose={onClose}
      dirty={form.dirty || Boolean(file) || removed}
    >
      <Stack spacing={2} sx={{ pt: 1 }}>
        <TextField {...form.field('title')} label={t('announcements.modal.title')} required fullWidth autoFocus
          slotProps={{ htmlInput: { 'data-testid': 'announcement-title' } }} />
        <TextField {...form.field('text')} label={t('announcements.modal.text')} required fullWidth multiline minRows={4}
          slotProps={{ htmlInput: { 'data-testid': 'announcement-text' } }} />
        <Stack direction="row" spacing={2} sx={{ alignItems: 'center' }}>
          <TextField {...form.field('priority')} select label={t('announcements.modal.priority')} sx={{ minWidth: 180 }}
            slotProps={{ select: { SelectDisplayProps: { 'data-testid': 'announcement-priority' } } }}>
            {PRIORITIES.map((p) => <MenuItem key={p} value={p}>{t(`announcements.priority.${p}`)}</MenuItem>)}
          </TextField>
          <FormControlLabel label={t('announcements.modal.status')} control={(
            <Switch checked={Boolean(form.values.status)} onChange={(e) => form.setValue('status', e.target.checked)}
              slotProps={{ input: { 'data-testid': 'announcement-status' } }} />
          )} />
        </Stack>
        <Stack direction="row" spacing={1} sx={{ alignItems: 'center' }}>
          <input ref={inputRef} type="file" accept={MEDIA_ACCEPT} hidden data-testid="announcement-file"
            onChange={(e) => {
              if (e.target.files?.[0]) { setFile(e.target.files[0]); setRemoved(false); }
              e.target.value = '';
            }} />
          <Button variant="outlined" startIcon={<AttachFileIcon />} onClick={() => inputRef.current?.click()}>
            {t('announcements.modal.attach')}
          </Button>
          {current ? (
            <Box sx={{ display: 'flex', alignItems: 'center', minWidth: 0 }} data-testid="announcement-media">
              <Typography noWrap>{current}</Typography>
              <Tooltip title={t('announcements.modal.removeMedia')}>
                <IconButton size="small" onClick={() => { setFile(null); setRemoved(true); }} aria-label={t('announcements.modal.removeMedia')}>
                  <DeleteOutlinedIcon fontSize="small" />
                </IconButton>
              </Tooltip>
            </Box>
          ) : <Typography variant="body2" color="text.secondary">{t('announcements.modal.noMedia')}</Typography>}
        </Stack>
      </Stack>
    </FormDialog>
  );
}

export default function AnnouncementModal({ open, record, onClose, onSaved }) {
  return open ? <AnnouncementForm key={record?.id ?? 'new'} record={record} onClose={onClose} onSaved={onSaved} /> : null;
}
