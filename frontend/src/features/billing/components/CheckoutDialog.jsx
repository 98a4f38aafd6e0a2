import { useState } from 'react';
import {
  Box, Button, Card, CardActions, CardContent, Dialog, DialogActions, DialogContent, DialogTitle, Grid, Step, StepLabel,
  Stepper, TextField, Typography,
} from '@mui/material';
import { useTranslation } from 'react-i18next';
import toastError from '../../../utils/toastError';
import { formatDate } from '../../../utils/dueDate';
import { subscribe } from '../api/billingApi';
import {
  CUSTOM_MIN, customPrice, formatMoney, PLAN_CURRENT, PLAN_CUSTOM, validateCustom, validateData,
} from '../api/pricing';
import PixPayment from './PixPayment';

const STEPS = ['data', 'plan', 'review'];
const EMPTY = { firstName: '', zipcode: '', address2: '', city: '', state: '', country: 'BR' };

/**
 * Checkout of an invoice (spec/2): Dados, Personalizar (where it opens), Revisar, then PAGAR
 * posts the subscription and the Pix screen shows the code. Choosing a plan moves to the
 * next step.
 */
export default function CheckoutDialog({ invoice, email, onClose, onDone }) {
  const { t } = useTranslation();
  const [step, setStep] = useState(1);
  const [data, setData] = useState(EMPTY);
  const [errors, setErrors] = useState({});
  const [plan, setPlan] = useState(null);
  const [custom, setCustom] = useState({ users: Math.max(CUSTOM_MIN, invoice.users || 0), connections: Math.max(CUSTOM_MIN, invoice.connections || 0) });
  const [charge, setCharge] = useState(null);
  const [paying, setPaying] = useState(false);

  const chosen = plan === PLAN_CUSTOM
    ? { label: t('billing.checkout.customPlan'), users: Number(custom.users), connections: Number(custom.connections), price: customPrice(Number(custom.users), Number(custom.connections)) }
    : { label: invoice.detail, users: invoice.users, connections: invoice.connections, price: Number(invoice.value) };

  const field = (name, label) => (
    <TextField
      fullWidth
      size="small"
      label={label}
      value={data[name]}
      onChange={(e) => setData({ ...data, [name]: e.target.value })}
      error={Boolean(errors[name])}
      helperText={errors[name] ? t(errors[name]) : ' '}
      slotProps={{ htmlInput: { 'data-testid': `checkout-${name}` } }}
    />
  );

  const choose = (which) => {
    if (which === PLAN_CUSTOM) {
      const found = validateCustom(custom);
      setErrors(found);
      if (Object.keys(found).length) return;
    }
    setPlan(which);
    setStep(2);
  };

  const next = () => {
    if (step === 0) {
      const found = validateData(data);
      setErrors(found);
      if (Object.keys(found).length) return;
    }
    if (step === 1 && !plan) {
      setErrors({ plan: 'billing.checkout.errors.plan' });
      return;
    }
    setErrors({});
    setStep(step + 1);
  };

  const pay = async () => {
    const found = validateData(data);
    if (Object.keys(found).length) {
      setErrors(found);
      setStep(0);
      return;
    }
    setPaying(true);
    try {
      setCharge(await subscribe({
        ...data, invoiceId: invoice.id, plan, users: chosen.users, connections: chosen.connections, price: chosen.price,
      }));
    } catch (error) {
      toastError(error);
    } finally {
      setPaying(false);
    }
  };

  const planCards = (
    <Grid container spacing={2}>
      <Grid size={{ xs: 12, sm: 6 }}>
        <Card variant="outlined" data-testid="checkout-plan-current" sx={{ height: '100%' }}>
          <CardContent>
            <Typography variant="h6">{invoice.detail}</Typography>
            <Typography variant="h5">{formatMoney(invoice.value)}</Typography>
            <Typography variant="body2">{t('billing.checkout.usersCount', { count: invoice.users })}</Typography>
            <Typography variant="body2">{t('billing.checkout.connectionsCount', { count: invoice.connections })}</Typography>
            <Typography variant="caption" color="text.secondary">{t('billing.checkout.monthly')}</Typography>
          </CardContent>
          <CardActions>
            <Button variant={plan === PLAN_CURRENT ? 'contained' : 'outlined'} onClick={() => choose(PLAN_CURRENT)} data-testid="checkout-choose-current">
              {t('billing.checkout.choose')}
            </Button>
          </CardActions>
        </Card>
      </Grid>
      <Grid size={{ xs: 12, sm: 6 }}>
        <Card variant="outlined" data-testid="checkout-plan-custom" sx={{ height: '100%' }}>
          <CardContent>
            <Typography variant="h6">{t('billing.checkout.customPlan')}</Typography>
            <Typography variant="h5" data-testid="checkout-custom-price">{formatMoney(customPrice(Number(custom.users) || 0, Number(custom.connections) || 0))}</Typography>
            <Box sx={{ display: 'flex', gap: 1, mt: 1 }}>
              {['users', 'connections'].map((name) => (
                <TextField
                  key={name}
                  size="small"
                  type="number"
                  label={t(`billing.checkout.${name}`)}
                  value={custom[name]}
                  onChange={(e) => setCustom({ ...custom, [name]: e.target.value })}
                  error={Boolean(errors[name])}
                  helperText={errors[name] ? t(errors[name]) : ' '}
                  slotProps={{ htmlInput: { min: CUSTOM_MIN, 'data-testid': `checkout-${name}` } }}
                />
              ))}
            </Box>
            <Typography variant="caption" color="text.secondary">{t('billing.checkout.customHint')}</Typography>
          </CardContent>
          <CardActions>
            <Button variant={plan === PLAN_CUSTOM ? 'contained' : 'outlined'} onClick={() => choose(PLAN_CUSTOM)} data-testid="checkout-choose-custom">
              {t('billing.checkout.choose')}
            </Button>
          </CardActions>
        </Card>
      </Grid>
      {errors.plan && <Grid size={12}><Typography color="error">{t(errors.plan)}</Typography></Grid>}
    </Grid>
  );

  const review = (
    <Box data-testid="checkout-review">
      <Typography gutterBottom><b>{t('billing.checkout.name')}:</b> {data.firstName || '—'}</Typography>
      <Typography gutterBottom><b>{t('billing.checkout.document')}:</b> {data.zipcode || '—'}</Typography>
      <Typography gutterBottom><b>{t('billing.checkout.email')}:</b> {email || '—'}</Typography>
      <Typography gutterBottom><b>{t('billing.checkout.plan')}:</b> {chosen.label}</Typography>
      <Typography gutterBottom>{t('billing.checkout.usersCount', { count: chosen.users })} · {t('billing.checkout.connectionsCount', { count: chosen.connections })}</Typography>
      <Typography gutterBottom><b>{t('billing.invoices.dueDate')}:</b> {formatDate(invoice.dueDate)}</Typography>
      <Typography variant="h6" data-testid="checkout-total">{t('billing.checkout.total', { value: formatMoney(chosen.price) })}</Typography>
    </Box>
  );

  return (
    <Dialog open onClose={onClose} maxWidth="md" fullWidth data-testid="checkout-dialog">
      <DialogTitle>{t('billing.checkout.title')}</DialogTitle>
      <DialogContent>
        {charge ? <PixPayment charge={charge} onDone={onDone} /> : (
          <>
            <Stepper activeStep={step} sx={{ mb: 3 }} data-testid="checkout-stepper" data-step={step}>
              {STEPS.map((key) => <Step key={key}><StepLabel>{t(`billing.checkout.steps.${key}`)}</StepLabel></Step>)}
            </Stepper>
            {step === 0 && (
              <Grid container spacing={1}>
                <Grid size={{ xs: 12, sm: 6 }}>{field('firstName', t('billing.checkout.name'))}</Grid>
                <Grid size={{ xs: 12, sm: 6 }}>{field('zipcode', t('billing.checkout.document'))}</Grid>
                <Grid size={12}>{field('address2', t('billing.checkout.address'))}</Grid>
                <Grid size={{ xs: 12, sm: 6 }}>{field('city', t('billing.checkout.city'))}</Grid>
                <Grid size={{ xs: 12, sm: 6 }}>{field('state', t('billing.checkout.state'))}</Grid>
              </Grid>
            )}
            {step === 1 && planCards}
            {step === 2 && review}
          </>
        )}
      </DialogContent>
      <DialogActions>
        {charge && <Button onClick={onClose} data-testid="checkout-close">{t('common.close')}</Button>}
        {!charge && step > 0 && <Button onClick={() => { setErrors({}); setStep(step - 1); }} data-testid="checkout-back">{t('billing.checkout.back')}</Button>}
        {!charge && step < 2 && <Button variant="contained" onClick={next} data-testid="checkout-next">{t('billing.checkout.next')}</Button>}
        {!charge && step === 2 && (
          <Button variant="contained" onClick={pay} disabled={paying} data-testid="checkout-pay">{t('billing.checkout.pay')}</Button>
        )}
      </DialogActions>
    </Dialog>
  );
}
