import { FormControlLabel, Grid, Stack, Switch, TextField, Typography } from '@mui/material';
import { useTranslation } from 'react-i18next';
import FormDialog from '../../../components/FormDialog';
import useForm from '../../../hooks/useForm';
import { PLAN_FLAGS, PLAN_LIMITS, createPlan, formToPlan, planToForm, updatePlan } from '../api/plansApi';

const SCHEMA = { name: { required: true, min: 2, max: 50 } };

function limitErrors(values) {
  return Object.fromEntries(PLAN_LIMITS.map((key) => {
    const n = Number(values[key]);
    return [key, Number.isInteger(n) && n >= 1 ? null : 'plans.limitInvalid'];
  }).concat([['amount', Number(values.amount) >= 0 ? null : 'plans.amountInvalid']]));
}

function PlanForm({ plan, onClose, onSaved }) {
  const { t } = useTranslation();
  const isNew = !plan?.id;
  const form = useForm(planToForm(plan));
  const input = (testId, extra) => ({ htmlInput: { 'data-testid': testId, ...extra } });
  const toggle = (name) => (
    <FormControlLabel
      key={name}
      label={t(`plans.flags.${name}`)}
      control={<Switch checked={Boolean(form.values[name])} onChange={(e) => form.setValue(name, e.target.checked)}
        slotProps={{ input: { 'data-testid': `plan-${name}` } }} />}
    />
  );
  const save = () => {
    const payload = formToPlan(form.values);
    return isNew ? createPlan(payload) : updatePlan(plan.id, payload);
  };
  return (
    <FormDialog
      testId="plan"
      title={isNew ? t('plans.addTitle') : t('plans.editTitle')}
      adding={isNew}
      validate={() => form.check(SCHEMA, limitErrors(form.values))}
      onSubmit={save}
      onError={form.applyServerErrors}
      failureMessage={t('plans.saveFailed')}
      successMessage={t('plans.saved')}
      onSaved={onSaved}
      onClose={onClose}
      dirty={form.dirty}
      maxWidth="md"
    >
      <Stack spacing={2} sx={{ pt: 1 }}>
        <Stack direction={{ xs: 'column', sm: 'row' }} spacing={2}>
          <TextField {...form.field('name')} label={t('plans.fields.name')} required fullWidth autoFocus slotProps={input('plan-name')} />
          <TextField {...form.field('amount')} label={t('plans.fields.amount')} type="number" fullWidth
            slotProps={input('plan-amount', { min: 0, step: '0.01' })} />
        </Stack>
        <Stack direction={{ xs: 'column', sm: 'row' }} spacing={2}>
          {PLAN_LIMITS.map((key) => (
            <TextField key={key} {...form.field(key)} label={t(`plans.fields.${key}`)} type="number" required fullWidth
              slotProps={input(`plan-${key}`, { min: 1, step: 1 })} />
          ))}
        </Stack>
        {toggle('isPublic')}
        <Typography variant="subtitle2">{t('plans.flagsTitle')}</Typography>
        <Grid container spacing={0}>
          {PLAN_FLAGS.map((flag) => <Grid key={flag} size={{ xs: 12, sm: 6 }}>{toggle(flag)}</Grid>)}
        </Grid>
      </Stack>
    </FormDialog>
  );
}

/** Add (plan null) or edit a plan: name, price, limits, public/private and every feature flag. */
export default function PlanModal({ open, plan, onClose, onSaved }) {
  return open ? <PlanForm key={plan?.id ?? 'new'} plan={plan} onClose={onClose} onSaved={onSaved} /> : null;
}
