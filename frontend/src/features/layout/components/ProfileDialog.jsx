import { useState } from 'react';
import {
  Avatar, Button, Dialog, DialogActions, DialogContent, DialogTitle, MenuItem, Stack, TextField,
} from '@mui/material';
import PhotoCameraIcon from '@mui/icons-material/PhotoCamera';
import { useTranslation } from 'react-i18next';
import PasswordField from '../../../components/PasswordField';
import useForm from '../../../hooks/useForm';
import { LANGUAGES, changeLanguage } from '../../../i18n';
import { toast } from '../../../services/toast';
import toastError from '../../../utils/toastError';
import { useAuth } from '../../auth/hooks/useAuth';
import { updateUser, uploadUserAvatar } from '../../users/api/usersApi';
import { profilePayload } from '../../users/api/userPayload';

const SCHEMA = {
  name: { required: true, min: 2, max: 50 },
  email: { required: true, email: true },
  password: { min: 5, max: 50 },
};

function ProfileForm({ onClose }) {
  const { t, i18n } = useTranslation();
  const { user, setUser } = useAuth();
  const form = useForm({ name: user.name, email: user.email, password: '', language: i18n.resolvedLanguage || 'pt' });
  const [saving, setSaving] = useState(false);

  const onAvatar = async (event) => {
    const file = event.target.files?.[0];
    if (!file) return;
    try {
      const updated = await uploadUserAvatar(user.id, file);
      setUser((current) => ({ ...current, profileImage: updated?.profileImage ?? current.profileImage }));
    } catch (error) {
      toastError(error);
    }
  };

  const onSubmit = async (event) => {
    event.preventDefault();
    if (!form.check(SCHEMA)) return;
    const { language, ...values } = form.values;
    setSaving(true);
    try {
      const updated = await updateUser(user.id, profilePayload(values));
      setUser((current) => ({ ...current, name: updated?.name ?? values.name, email: updated?.email ?? values.email }));
      await changeLanguage(language);
      toast.success(i18n.t('profile.saved'));
      onClose();
    } catch (error) {
      form.applyServerErrors(error);
      toastError(error);
      setSaving(false);
    }
  };

  return (
    <form onSubmit={onSubmit} noValidate data-testid="profile-form">
      <DialogTitle>{t('profile.title')}</DialogTitle>
      <DialogContent>
        <Stack spacing={2} sx={{ pt: 1 }}>
          <Stack direction="row" spacing={2} sx={{ alignItems: 'center' }}>
            <Avatar src={user.profileImage || undefined} sx={{ width: 64, height: 64 }}>{user.name?.[0]}</Avatar>
            <Button component="label" startIcon={<PhotoCameraIcon />}>
              {t('profile.avatar')}
              <input hidden type="file" accept="image/*" onChange={onAvatar} data-testid="profile-avatar" />
            </Button>
          </Stack>
          <TextField {...form.field('name')} label={t('profile.name')} fullWidth required
            slotProps={{ htmlInput: { 'data-testid': 'profile-name' } }} />
          <TextField {...form.field('email')} label={t('profile.email')} type="email" fullWidth required
            slotProps={{ htmlInput: { 'data-testid': 'profile-email' } }} />
          <PasswordField {...form.field('password')} label={t('profile.password')} fullWidth autoComplete="new-password"
            helperText={form.message(form.errors.password) || t('profile.passwordHelp')} />
          <TextField {...form.field('language')} select label={t('profile.language')} fullWidth
            slotProps={{ select: { SelectDisplayProps: { 'data-testid': 'profile-language' } } }}>
            {LANGUAGES.map((lng) => (
              <MenuItem key={lng} value={lng} data-testid={`language-${lng}`}>{t(`languages.${lng}`)}</MenuItem>
            ))}
          </TextField>
        </Stack>
      </DialogContent>
      <DialogActions>
        <Button onClick={onClose}>{t('common.cancel')}</Button>
        <Button type="submit" variant="contained" disabled={saving} data-testid="profile-save">{t('common.save')}</Button>
      </DialogActions>
    </form>
  );
}

export default function ProfileDialog({ open, onClose }) {
  return (
    <Dialog open={open} onClose={onClose} fullWidth maxWidth="xs" data-testid="profile-dialog">
      {open && <ProfileForm onClose={onClose} />}
    </Dialog>
  );
}
