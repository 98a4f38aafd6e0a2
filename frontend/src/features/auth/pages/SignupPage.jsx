import { useState } from 'react';
import useSWR from 'swr';
import { Alert, Box, Button, CircularProgress, Link, TextField } from '@mui/material';
import { Link as RouterLink, useNavigate, useSearchParams } from 'react-router';
import { useTranslation } from 'react-i18next';
import PublicPage from '../../../components/PublicPage';
import PasswordField from '../../../components/PasswordField';
import SelectField from '../../../components/SelectField';
import useForm from '../../../hooks/useForm';
import { toast } from '../../../services/toast';
import toastError from '../../../utils/toastError';
import { listPublicPlans, signup } from '../api/authApi';
import useSignupAllowed from '../hooks/useSignupAllowed';

const SCHEMA = {
  name: { required: true, min: 2, max: 50 },
  companyName: { required: true, min: 2, max: 50 },
  email: { required: true, email: true },
  phone: { required: true, min: 8, max: 20 },
  password: { required: true, min: 5, max: 50 },
  planId: { required: true },
};

const formatAmount = (amount) => Number(amount || 0).toLocaleString('pt-BR', { minimumFractionDigits: 2 });

function SignupForm() {
  const { t } = useTranslation();
  const navigate = useNavigate();
  const [params] = useSearchParams();
  const { data: plans = [] } = useSWR('public:plans', listPublicPlans);
  const form = useForm({ name: '', companyName: '', email: '', phone: '', password: '', planId: '' });
  const [submitting, setSubmitting] = useState(false);

  const onSubmit = async (event) => {
    event.preventDefault();
    if (!form.check(SCHEMA)) return;
    setSubmitting(true);
    try {
      const companyId = params.get('companyId');
      await signup({
        ...form.values,
        email: form.values.email.trim().toLowerCase(),
        planId: Number(form.values.planId),
        ...(companyId ? { companyId: Number(companyId) } : {}),
      });
      toast.success(t('signup.success'));
      navigate('/login');
    } catch (error) {
      form.applyServerErrors(error);
      toastError(error);
      setSubmitting(false);
    }
  };

  const text = (name, props = {}) => (
    <TextField
      {...form.field(name)}
      label={t(`signup.${name}`)}
      fullWidth
      required
      margin="dense"
      slotProps={{ htmlInput: { 'data-testid': `signup-${name}` } }}
      {...props}
    />
  );

  return (
    <Box component="form" onSubmit={onSubmit} noValidate data-testid="signup-form">
      {text('name', { autoFocus: true })}
      {text('companyName')}
      {text('email', { type: 'email', autoComplete: 'email' })}
      {text('phone', { type: 'tel', autoComplete: 'tel' })}
      <PasswordField
        {...form.field('password')}
        label={t('signup.password')}
        fullWidth
        required
        margin="dense"
        autoComplete="new-password"
        slotProps={{ htmlInput: { 'data-testid': 'signup-password' } }}
      />
      <SelectField
        {...form.field('planId')}
        label={t('signup.plan')}
        required
        margin="dense"
        testId="signup-plan"
        options={plans.map((plan) => ({
          value: plan.id,
          label: t('signup.planOption', { ...plan, amount: formatAmount(plan.amount) }),
        }))}
      />
      <Button type="submit" variant="contained" fullWidth disabled={submitting} sx={{ my: 2 }} data-testid="signup-submit">
        {t('signup.submit')}
      </Button>
    </Box>
  );
}

export default function SignupPage() {
  const { t } = useTranslation();
  const { allowed, loading } = useSignupAllowed();

  let content = <SignupForm />;
  if (loading) content = <CircularProgress sx={{ display: 'block', mx: 'auto', my: 4 }} />;
  else if (!allowed) content = <Alert severity="info" data-testid="signup-disabled">{t('signup.disabled')}</Alert>;

  return (
    <PublicPage title={t('signup.title')}>
      {content}
      <Link component={RouterLink} to="/login" variant="body2" sx={{ display: 'block', mt: 2 }} data-testid="link-login">
        {t('signup.login')}
      </Link>
    </PublicPage>
  );
}
