import { useState } from 'react';
import { Box, Button, Checkbox, FormControlLabel, Link, Stack, TextField } from '@mui/material';
import { Link as RouterLink, useLocation } from 'react-router';
import { useTranslation } from 'react-i18next';
import PublicPage from '../../../components/PublicPage';
import PasswordField from '../../../components/PasswordField';
import toastError from '../../../utils/toastError';
import SupportButton from '../components/SupportButton';
import useForm from '../../../hooks/useForm';
import useLocalStorage from '../../../hooks/useLocalStorage';
import { afterLoginPath } from '../api/landing';
import { useAuth } from '../hooks/useAuth';
import useSignupAllowed from '../hooks/useSignupAllowed';

// A sign-in checks only that both fields are filled (and the e-mail looks like one): how strong
// a password is matters where one is chosen, not where it is typed.
const SCHEMA = { email: { required: true, email: true }, password: { required: true } };

export default function LoginPage() {
  const { t } = useTranslation();
  const location = useLocation();
  const { handleLogin } = useAuth();
  const form = useForm({ email: '', password: '' });
  const [remember, setRemember] = useLocalStorage('rememberMe', true);
  const [submitting, setSubmitting] = useState(false);
  const signup = useSignupAllowed();

  const from = afterLoginPath(location.state?.from);

  const onSubmit = async (event) => {
    event.preventDefault();
    if (!form.check(SCHEMA)) return;
    setSubmitting(true);
    try {
      await handleLogin({ ...form.values, rememberMe: remember }, from);
    } catch (error) {
      toastError(error);
      setSubmitting(false);
    }
  };

  return (
    <PublicPage title={t('login.title')} actions={<SupportButton size="small" />}>
      <Box component="form" onSubmit={onSubmit} noValidate data-testid="login-form">
        <TextField
          {...form.field('email')}
          label={t('login.email')}
          type="email"
          autoComplete="username"
          fullWidth
          required
          margin="normal"
          autoFocus
          slotProps={{ htmlInput: { 'data-testid': 'login-email' } }}
        />
        <PasswordField
          {...form.field('password')}
          label={t('login.password')}
          autoComplete="current-password"
          fullWidth
          required
          margin="normal"
          slotProps={{ htmlInput: { 'data-testid': 'login-password' } }}
        />
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
          {signup.allowed && (
            <Link component={RouterLink} to="/signup" variant="body2" data-testid="link-signup">
              {t('login.signup')}
            </Link>
          )}
        </Stack>
      </Box>
    </PublicPage>
  );
}
