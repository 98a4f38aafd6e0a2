import { useState } from 'react';
import { Box, Button, Link, Stack, TextField } from '@mui/material';
import { Link as RouterLink, useNavigate, useSearchParams } from 'react-router';
import { useTranslation } from 'react-i18next';
import PublicPage from '../../../components/PublicPage';
import PasswordField from '../../../components/PasswordField';
import useForm from '../../../hooks/useForm';
import { toast } from '../../../services/toast';
import toastError from '../../../utils/toastError';
import { isValidResetPassword } from '../../../utils/passwordStrength';
import { requestPasswordReset, resetPassword } from '../api/authApi';
import useSignupAllowed from '../hooks/useSignupAllowed';

export default function ForgotPasswordPage() {
  const { t } = useTranslation();
  const navigate = useNavigate();
  const [params] = useSearchParams();
  const [step, setStep] = useState(1);
  const [submitting, setSubmitting] = useState(false);
  const form = useForm({ email: '', code: '', newPassword: '', confirmPassword: '' });
  const { values } = form;
  const email = values.email.trim().toLowerCase();
  const { allowed: signupAllowed } = useSignupAllowed();
  const signupLink = params.get('companyId') ? `/signup?companyId=${encodeURIComponent(params.get('companyId'))}` : '/signup';

  const run = async (action) => {
    setSubmitting(true);
    try {
      await action();
    } finally {
      setSubmitting(false);
    }
  };

  const sendEmail = () =>
    run(async () => {
      // The server answers the same whether or not the e-mail has an account, and so does the page.
      try {
        await requestPasswordReset(email);
        toast.success(t('forgotPassword.emailSent'));
        setStep(2);
      } catch (error) {
        toastError(error);
      }
    });

  const reset = () =>
    run(async () => {
      try {
        await resetPassword(email, values.code.trim(), values.newPassword);
        toast.success(t('forgotPassword.success'));
        navigate('/login');
      } catch (error) {
        toastError(error);
      }
    });

  const onSubmit = (event) => {
    event.preventDefault();
    if (step === 1) {
      if (form.check({ email: { required: true, email: true } })) sendEmail();
      return;
    }
    const extra = {
      newPassword: isValidResetPassword(values.newPassword) ? null : 'forgotPassword.passwordRule',
      confirmPassword: values.confirmPassword === values.newPassword ? null : 'forgotPassword.passwordMismatch',
    };
    if (form.check({ code: { required: true } }, extra)) reset();
  };

  return (
    <PublicPage title={t('forgotPassword.title')}>
      <Box component="form" onSubmit={onSubmit} noValidate data-testid="forgot-form">
        <TextField
          {...form.field('email')}
          label={t('forgotPassword.email')}
          type="email"
          fullWidth
          required
          margin="dense"
          disabled={step === 2}
          autoFocus
          slotProps={{ htmlInput: { 'data-testid': 'forgot-email' } }}
        />
        {step === 2 && (
          <>
            <TextField
              {...form.field('code')}
              label={t('forgotPassword.code')}
              fullWidth
              required
              margin="dense"
              slotProps={{ htmlInput: { 'data-testid': 'forgot-code' } }}
            />
            <PasswordField
              {...form.field('newPassword')}
              label={t('forgotPassword.newPassword')}
              fullWidth
              required
              margin="dense"
              autoComplete="new-password"
              slotProps={{ htmlInput: { 'data-testid': 'forgot-new-password' } }}
            />
            <PasswordField
              {...form.field('confirmPassword')}
              label={t('forgotPassword.confirmPassword')}
              fullWidth
              required
              margin="dense"
              autoComplete="new-password"
              slotProps={{ htmlInput: { 'data-testid': 'forgot-confirm-password' } }}
            />
          </>
        )}
        <Button type="submit" variant="contained" fullWidth disabled={submitting} sx={{ my: 2 }} data-testid="forgot-submit">
          {step === 1 ? t('forgotPassword.sendEmail') : t('forgotPassword.submit')}
        </Button>
        <Stack direction="row" sx={{ justifyContent: 'space-between', flexWrap: 'wrap', gap: 1 }}>
          <Link component={RouterLink} to="/login" variant="body2">{t('forgotPassword.backToLogin')}</Link>
          {signupAllowed && (
            <Link component={RouterLink} to={signupLink} variant="body2" data-testid="link-signup">
              {t('forgotPassword.signup')}
            </Link>
          )}
        </Stack>
      </Box>
    </PublicPage>
  );
}
