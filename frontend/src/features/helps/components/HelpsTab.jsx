import { useState } from 'react';
import useSWR from 'swr';
import {
  Alert, Box, Button, IconButton, Stack, Table, TableBody, TableCell, TableHead, TableRow, TextField, Tooltip,
} from '@mui/material';
import EditOutlinedIcon from '@mui/icons-material/EditOutlined';
import { useTranslation } from 'react-i18next';
import ConfirmationDialog from '../../../components/ConfirmationDialog';
import useForm from '../../../hooks/useForm';
import { toast } from '../../../services/toast';
import toastError from '../../../utils/toastError';
import {
  HELPS_PATH, SUBMIT_DELAY, createHelp, deleteHelp, updateHelp, validateHelp, videoCode,
} from '../api/helpsApi';

const EMPTY = { title: '', video: '', description: '' };
const wait = (ms) => new Promise((resolve) => { setTimeout(resolve, ms); });

/** Settings → Helps (super users, spec/2): the form (save, clear, delete when editing) and the table. */
export default function HelpsTab() {
  const { t } = useTranslation();
  const { data, error, mutate } = useSWR(HELPS_PATH);
  const form = useForm(EMPTY);
  const [editing, setEditing] = useState(null);
  const [busy, setBusy] = useState(false);
  const [confirm, setConfirm] = useState(false);
  const helps = Array.isArray(data) ? data : [];

  const clear = () => {
    setEditing(null);
    form.setValues(EMPTY);
  };

  const save = async (event) => {
    event.preventDefault();
    if (!form.check({}, validateHelp(form.values))) return;
    setBusy(true);
    try {
      await wait(SUBMIT_DELAY);
      const payload = { ...form.values, video: videoCode(form.values.video) };
      if (editing) await updateHelp(editing.id, payload);
      else await createHelp(payload);
      toast.success(t('helps.saved'));
      clear();
      mutate();
    } catch (err) {
      form.applyServerErrors(err);
      if (err.status === 409 || err.code === 'ERR_VALIDATION') toast.error(t('helps.saveError'));
      else toastError(err);
    } finally {
      setBusy(false);
    }
  };

  const remove = async () => {
    setConfirm(false);
    try {
      await deleteHelp(editing.id);
      toast.success(t('helps.saved'));
      clear();
      mutate();
    } catch (err) {
      toastError(err);
    }
  };

  return (
    <Box sx={{ p: 2 }} data-testid="helps-tab">
      <Box component="form" onSubmit={save} noValidate>
        <Stack direction={{ xs: 'column', md: 'row' }} spacing={2}>
          <TextField {...form.field('title')} label={t('helps.form.title')} required fullWidth
            slotProps={{ htmlInput: { 'data-testid': 'help-title' } }} />
          <TextField {...form.field('video')} label={t('helps.form.video')} fullWidth
            slotProps={{ htmlInput: { 'data-testid': 'help-video' } }} />
        </Stack>
        <TextField {...form.field('description')} label={t('helps.form.description')} fullWidth multiline minRows={3} sx={{ mt: 2 }}
          slotProps={{ htmlInput: { 'data-testid': 'help-description' } }} />
        <Stack direction="row" spacing={1} sx={{ mt: 2, justifyContent: 'flex-end' }}>
          <Button onClick={clear} disabled={busy} data-testid="help-clear">{t('helps.form.clear')}</Button>
          {editing && <Button color="error" onClick={() => setConfirm(true)} disabled={busy} data-testid="help-delete">{t('helps.form.delete')}</Button>}
          <Button type="submit" variant="contained" disabled={busy} data-testid="help-save">{t('helps.form.save')}</Button>
        </Stack>
      </Box>
      {error && <Alert severity="error" sx={{ mt: 2 }}>{t('helps.loadError')}</Alert>}
      <Table size="small" sx={{ mt: 2 }} data-testid="helps-table">
        <TableHead>
          <TableRow>
            <TableCell>{t('helps.form.title')}</TableCell>
            <TableCell>{t('helps.form.video')}</TableCell>
            <TableCell>{t('helps.form.description')}</TableCell>
            <TableCell align="right" />
          </TableRow>
        </TableHead>
        <TableBody>
          {helps.map((help) => (
            <TableRow key={help.id} data-testid="help-row" selected={editing?.id === help.id}>
              <TableCell>{help.title}</TableCell>
              <TableCell>{help.video}</TableCell>
              <TableCell sx={{ maxWidth: 360, overflow: 'hidden', textOverflow: 'ellipsis', whiteSpace: 'nowrap' }}>{help.description}</TableCell>
              <TableCell align="right">
                <Tooltip title={t('helps.form.edit')}>
                  <IconButton size="small" aria-label={t('helps.form.edit')} data-testid="help-edit"
                    onClick={() => { setEditing(help); form.setValues({ title: help.title, video: help.video, description: help.description }); }}>
                    <EditOutlinedIcon fontSize="small" />
                  </IconButton>
                </Tooltip>
              </TableCell>
            </TableRow>
          ))}
        </TableBody>
      </Table>
      <ConfirmationDialog open={confirm} title={t('helps.deleteTitle', { title: editing?.title ?? '' })}
        onClose={() => setConfirm(false)} onConfirm={remove}>
        {t('helps.deleteMessage')}
      </ConfirmationDialog>
    </Box>
  );
}
