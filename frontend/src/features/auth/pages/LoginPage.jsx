import { useState } from 'react';
import { Box, Button, Checkbox, FormControlLabel, Link, Stack, TextField } from '@mui/material';
import { Link as RouterLink, useLocation } from 'react-router';
import { useTranslation } from 'react-i18next';
import PublicPage from '../../../components/PublicPage';
import PasswordField from '../../../components/PasswordField';
import ConfirmationDialog from '../../../components/ConfirmationDialog';
import toastError from '../../../utils/toastError';
import { passwordLevel, passwordScore } from '../../../utils/passwordStrength';
import PasswordStrength from '../components/PasswordStrength';
import SupportButton from '../components/SupportButton';
import useLocalStorage from '../../../hooks/useLocalStorage';
import { afterLoginPath } from '../api/landing';
import { useAuth } from '../hooks/useAuth';

export default function LoginPage() {
  const { t } = useTranslation();
  const location = useLocation();
  const { handleLogin } = useAuth();
  const [email, setEmail] = useState('');
  const [password, setPassword] = useState('');
  const [remember, setRemember] = useLocalStorage('rememberMe', true);
  const [weakOpen, setWeakOpen] = useState(false);
  const [submitting, setSubmitting] = useState(false);

  const from = afterLoginPath(location.state?.from);

  const login = async () => {
    setSubmitting(true);
    try {
      await handleLogin({ email, password, rememberMe: remember }, from);
    } catch (error) {
      toastError(error);
      setSubmitting(false);
    }
  };

  const onSubmit = (event) => {
    event.preventDefault();
    if (passwordLevel(passwordScore(password)) === 'weak') setWeakOpen(true);
    else login();
  };

  return (
    <PublicPage title={t('login.title')} actions={<SupportButton size="small" />}>
      <Box component="form" onSubmit={onSubmit} noValidate data-testid="login-form">
        <TextField
          label={t('login.email')}
          type="email"
          name="email"
          autoComplete="username"
          value={email}
          onChange={(e) => setEmail(e.target.value)}
          fullWidth
          required
          margin="normal"
          autoFocus
          slotProps={{ htmlInput: { 'data-testid': 'login-email' } }}
        />
        <PasswordField
          label={t('login.password')}
          name="password"
          autoComplete="current-password"
          value={password}
          onChange={(e) => setPassword(e.target.value)}
          fullWidth
          required
          margin="normal"
          slotProps={{ htmlInput: { 'data-testid': 'login-password' } }}
        />
        <PasswordStrength password={password} />
        <FormControlLabel
          control={<Checkbox checked={remember} onChange={(e) => setRemember(e.target.checked)} data-testid="login-remember" />}
          label={t('login.rememberMe')}
        />
        <Button type="submit" variant="contained" fullWidth disabled={submitting} sx={{ mt: 1, mb: 2 }} data-testid="login-submit">
          {t('login.submit')}
        </Button>
        <Stack direction="row" sx={{ justifyContent: 'space-between', flexWrap: 'wrap', gap: 1 }}>
          <Link component={RouterLink} to="/forgetpsw" variant="body2" data-testid="link-forgot">
            {t('login.forgotPassword')}
          </Link>
          <Link component={RouterLink} to="/signup" variant="body2" data-testid="link-signup">
            {t('login.signup')}
          </Link>
        </Stack>
      </Box>
      <ConfirmationDialog
        open={weakOpen}
        title={t('login.weakDialog.title')}
        confirmLabel={t('login.weakDialog.confirm')}
        onConfirm={login}
        onClose={() => setWeakOpen(false)}
        testId="weak-password-dialog"
      >
        {t('login.weakDialog.message')}
      </ConfirmationDialog>
    </PublicPage>
  );
}
