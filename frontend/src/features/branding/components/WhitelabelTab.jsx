import { useRef, useState } from 'react';
import {
  Box, Button, Divider, Paper, Stack, TextField, Typography,
} from '@mui/material';
import UploadOutlinedIcon from '@mui/icons-material/UploadOutlined';
import DeleteOutlinedIcon from '@mui/icons-material/DeleteOutlined';
import { useTranslation } from 'react-i18next';
import { toast } from '../../../services/toast';
import toastError from '../../../utils/toastError';
import { updateSetting } from '../../settings/api/settingsApi';
import {
  DEFAULT_NAME, LOGO_MODES, clearLogo, faviconFor, logoFor, uploadLogo,
} from '../api/branding';
import { useBranding } from '../hooks/useBranding';
import ColorDialogField from './ColorDialogField';

/** Accepted by the upload (sniffed again by the server): png, jpeg, webp, ico; never SVG. */
export const LOGO_ACCEPT = 'image/png,image/jpeg,image/webp,image/x-icon,.ico';

function LogoSlot({ mode, name, onChange }) {
  const { t } = useTranslation();
  const input = useRef(null);
  const [busy, setBusy] = useState(false);
  const run = async (action) => {
    setBusy(true);
    try {
      await action();
      toast.success(t('branding.saved'));
      await onChange();
    } catch (err) {
      toastError(err);
    } finally {
      setBusy(false);
    }
  };
  return (
    <Stack spacing={1} sx={{ minWidth: 200 }} data-testid={`logo-${mode}`}>
      <Typography variant="body2">{t(`branding.logo.${mode}`)}</Typography>
      <Typography variant="caption" color="text.secondary" noWrap>{name || t('branding.noLogo')}</Typography>
      <input ref={input} type="file" hidden accept={LOGO_ACCEPT} data-testid={`logo-${mode}-file`}
        onChange={(e) => {
          const file = e.target.files?.[0];
          e.target.value = '';
          if (file) run(() => uploadLogo(mode, file));
        }} />
      <Stack direction="row" spacing={1}>
        <Button size="small" variant="outlined" startIcon={<UploadOutlinedIcon />} disabled={busy} onClick={() => input.current?.click()}
          data-testid={`logo-${mode}-upload`}>
          {t('branding.upload')}
        </Button>
        <Button size="small" color="error" startIcon={<DeleteOutlinedIcon />} disabled={busy || !name} onClick={() => run(() => clearLogo(mode))}
          data-testid={`logo-${mode}-clear`}>
          {t('branding.clear')}
        </Button>
      </Stack>
    </Stack>
  );
}

/** A mock of the app bar in one mode: its colour, logo and name. */
function Preview({ branding, mode }) {
  const { t } = useTranslation();
  const color = mode === 'dark' ? branding.primaryColorDark : branding.primaryColorLight;
  return (
    <Paper variant="outlined" sx={{ flex: 1, minWidth: 220, overflow: 'hidden', bgcolor: mode === 'dark' ? '#111827' : '#f3f4f6' }}
      data-testid={`preview-${mode}`}>
      <Stack direction="row" spacing={1} sx={{ alignItems: 'center', p: 1, bgcolor: color, color: '#fff' }}>
        <Box component="img" src={logoFor(branding, mode)} alt="" sx={{ height: 28, maxWidth: 100, objectFit: 'contain' }} />
        <Typography variant="subtitle2" noWrap>{branding.appName}</Typography>
      </Stack>
      <Box sx={{ p: 2 }}>
        <Button size="small" variant="contained" sx={{ bgcolor: color }}>{t(`branding.preview.${mode}`)}</Button>
      </Box>
    </Paper>
  );
}

/** Settings → Whitelabel (super users, spec/2): colours, system name, logos and favicon, three previews. */
export default function WhitelabelTab() {
  const { t } = useTranslation();
  const { branding, refresh } = useBranding();
  const [name, setName] = useState(branding.appName === DEFAULT_NAME ? '' : branding.appName);

  const save = async (key, value) => {
    try {
      await updateSetting(key, value);
      toast.success(t('branding.saved'));
      await refresh();
    } catch (err) {
      toastError(err);
    }
  };

  return (
    <Box sx={{ p: 2 }} data-testid="whitelabel-tab">
      <Stack direction={{ xs: 'column', md: 'row' }} spacing={4}>
        <ColorDialogField label={t('branding.colorLight')} value={branding.primaryColorLight} testId="color-light"
          onSave={(value) => save('primaryColorLight', value)} />
        <ColorDialogField label={t('branding.colorDark')} value={branding.primaryColorDark} testId="color-dark"
          onSave={(value) => save('primaryColorDark', value)} />
      </Stack>
      <Stack direction="row" spacing={1} sx={{ mt: 3, alignItems: 'flex-start' }}>
        <TextField label={t('branding.appName')} value={name} onChange={(e) => setName(e.target.value)} sx={{ maxWidth: 360 }} fullWidth
          placeholder={DEFAULT_NAME} helperText={t('branding.appNameHelp', { name: DEFAULT_NAME })}
          slotProps={{ htmlInput: { 'data-testid': 'app-name', maxLength: 60 } }} />
        <Button variant="contained" sx={{ mt: 1 }} onClick={() => save('appName', name.trim())} data-testid="app-name-save">
          {t('common.save')}
        </Button>
      </Stack>
      <Divider sx={{ my: 3 }} />
      <Stack direction={{ xs: 'column', md: 'row' }} spacing={4}>
        {Object.entries(LOGO_MODES).map(([mode, key]) => (
          <LogoSlot key={mode} mode={mode} name={branding[key]} onChange={refresh} />
        ))}
      </Stack>
      <Divider sx={{ my: 3 }} />
      <Typography variant="subtitle1" sx={{ mb: 1 }}>{t('branding.previews')}</Typography>
      <Stack direction={{ xs: 'column', md: 'row' }} spacing={2} sx={{ alignItems: 'stretch' }}>
        <Preview branding={branding} mode="light" />
        <Preview branding={branding} mode="dark" />
        <Paper variant="outlined" sx={{ p: 1.5, minWidth: 220 }} data-testid="preview-favicon">
          <Stack direction="row" spacing={1} sx={{ alignItems: 'center', bgcolor: 'action.hover', borderRadius: 1, p: 1 }}>
            <Box component="img" src={faviconFor(branding)} alt="" sx={{ width: 16, height: 16 }} />
            <Typography variant="body2" noWrap>{branding.appName}</Typography>
          </Stack>
          <Typography variant="caption" color="text.secondary">{t('branding.preview.favicon')}</Typography>
        </Paper>
      </Stack>
    </Box>
  );
}
