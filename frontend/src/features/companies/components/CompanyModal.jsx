import { useRef, useState } from 'react';
import useSWR from 'swr';
import { Alert, FormControlLabel, MenuItem, Stack, Switch, TextField, Typography } from '@mui/material';
import { useTranslation } from 'react-i18next';
import FormDialog from '../../../components/FormDialog';
import PasswordField from '../../../components/PasswordField';
import SelectField from '../../../components/SelectField';
import useForm from '../../../hooks/useForm';
import { PLANS_PATH, formatAmount } from '../../plans/api/plansApi';
import {
  MAIN_COMPANY_ID, RECURRENCES, companyToForm, createCompany, formToCompany, formatBytes, formatDateTime, updateCompany,
} from '../api/companiesApi';

const schemaFor = () => ({
  name: { required: true, min: 2, max: 50 },
  email: { required: true, email: true },
  planId: { required: true },
  password: { min: 5, max: 50 },
});

/** What the operator reads but doesn't edit: usage against the plan, last login, the media folder. */
function Usage({ company }) {
  const { t } = useTranslation();
  const plan = company.plan || {};
  return (
    <Stack spacing={0.5} data-testid="company-usage">
      <Typography variant="body2">{t('companies.usage.attendants', { n: company.numberAttendants ?? 0, max: plan.users ?? '-' })}</Typography>
      <Typography variant="body2">{t('companies.usage.connections', { n: company.numberConections ?? 0, max: plan.connections ?? '-' })}</Typography>
      <Typography variant="body2">{t('companies.usage.lastLogin', { when: formatDateTime(company.lastLogin) || t('companies.never') })}</Typography>
      <Typography variant="body2">
        {t('companies.usage.folder', { size: formatBytes(company.folderSize), files: company.numberFileFolder ?? 0,
          when: formatDateTime(company.updatedAtFolder) || t('companies.never') })}
      </Typography>
    </Stack>
  );
}

function CompanyForm({ company, onClose, onSaved }) {
  const { t } = useTranslation();
  const isNew = !company?.id;
  const form = useForm(companyToForm(company));
  const { data } = useSWR(PLANS_PATH);
  const plans = Array.isArray(data) ? data : [];
  const [made, setMade] = useState(null);
  const showing = useRef(false); // the form's close after a save waits for the password to be read
  const input = (testId) => ({ htmlInput: { 'data-testid': testId } });
  const text = (name, extra = {}) => (
    <TextField {...form.field(name)} label={t(`companies.fields.${name}`)} fullWidth slotProps={input(`company-${name}`)} {...extra} />
  );

  const save = () => (isNew ? createCompany(formToCompany(form.values)) : updateCompany(company.id, formToCompany(form.values)));

  // A generated first password is shown once, in a dialog of its own, before the form closes.
  const savedAndShown = (saved) => {
    if (saved?.initialPassword) {
      showing.current = true;
      setMade(saved);
    }
    onSaved?.(saved);
  };

  if (made) {
    return (
      <FormDialog testId="company-created" title={t('companies.createdTitle')} readOnly onClose={() => { setMade(null); onClose(); }}>
        <Alert severity="success" data-testid="company-initial-password">
          {t('companies.initialPassword', { email: made.email })} <strong>{made.initialPassword}</strong>
        </Alert>
      </FormDialog>
    );
  }

  return (
    <FormDialog
      testId="company"
      title={isNew ? t('companies.addTitle') : t('companies.editTitle')}
      adding={isNew}
      maxWidth="md"
      validate={() => form.check(schemaFor())}
      onSubmit={save}
      onError={form.applyServerErrors}
      failureMessage={t('companies.saveFailed')}
      successMessage={t('companies.saved')}
      onSaved={savedAndShown}
      onClose={() => (showing.current ? null : onClose())}
      dirty={form.dirty}
    >
      <Stack spacing={2} sx={{ pt: 1 }}>
        <Stack direction={{ xs: 'column', sm: 'row' }} spacing={2}>
          {text('name', { required: true, autoFocus: true })}
          {text('email', { required: true, type: 'email' })}
          {text('phone')}
        </Stack>
        <Stack direction={{ xs: 'column', sm: 'row' }} spacing={2}>
          {text('document')}
          <PasswordField {...form.field('password')} label={t(isNew ? 'companies.fields.password' : 'companies.fields.newPassword')}
            helperText={form.field('password').helperText || t(isNew ? 'companies.passwordHelp' : 'companies.newPasswordHelp')}
            fullWidth autoComplete="new-password" slotProps={input('company-password')} />
        </Stack>
        <Stack direction={{ xs: 'column', sm: 'row' }} spacing={2}>
          {text('addressStreet')}
          {text('addressCity')}
          {text('addressState')}
        </Stack>
        <Stack direction={{ xs: 'column', sm: 'row' }} spacing={2}>
          <TextField select {...form.field('planId')} label={t('companies.fields.planId')} required fullWidth
            slotProps={{ select: { SelectDisplayProps: { 'data-testid': 'company-planId' } } }}>
            {plans.map((plan) => (
              <MenuItem key={plan.id} value={plan.id} data-testid={`company-planId-${plan.id}`}>
                {`${plan.name} (${formatAmount(plan.amount)})`}
              </MenuItem>
            ))}
          </TextField>
          <SelectField {...form.field('recurrence')} label={t('companies.fields.recurrence')} testId="company-recurrence"
            options={RECURRENCES.map((value) => ({ value, label: t(`companies.recurrences.${value}`) }))} />
        </Stack>
        <Stack direction={{ xs: 'column', sm: 'row' }} spacing={2}>
          {text('dueDate', { type: 'date', slotProps: { inputLabel: { shrink: true }, htmlInput: { 'data-testid': 'company-dueDate' } } })}
          {text('paymentMethod')}
          <FormControlLabel
            label={t('companies.fields.status')}
            disabled={company?.id === MAIN_COMPANY_ID}
            control={<Switch checked={Boolean(form.values.status)} onChange={(e) => form.setValue('status', e.target.checked)}
              slotProps={{ input: { 'data-testid': 'company-status' } }} />}
          />
        </Stack>
        {!isNew && <Usage company={company} />}
      </Stack>
    </FormDialog>
  );
}

/** Add (company null) or edit a company: every field of spec/2, and its usage when editing. */
export default function CompanyModal({ open, company, onClose, onSaved }) {
  return open ? <CompanyForm key={company?.id ?? 'new'} company={company} onClose={onClose} onSaved={onSaved} /> : null;
}
