import { Alert, Box, Button, CircularProgress, Stack } from '@mui/material';
import useSWR from 'swr';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import useForm from '../../../hooks/useForm';
import { toast } from '../../../services/toast';
import toastError from '../../../utils/toastError';
import { useAuth } from '../../auth/hooks/useAuth';
import WeekdayHoursEditor from '../../hours/components/WeekdayHoursEditor';
import { hasSchedules, hoursProps, scheduleErrors, scheduleFieldErrors, schedulesOf, schedulesPayload } from '../../hours/api/schedules';
import { companySchedulesPath, updateCompanySchedules } from '../api/companySchedulesApi';

function CompanyHoursForm({ companyId, stored, onSaved }) {
  const { t } = useTranslation();
  const form = useForm({ schedules: schedulesOf(stored) });
  const [saving, setSaving] = useState(false);

  const submit = async (event) => {
    event.preventDefault();
    if (!form.check({}, scheduleErrors(form.values.schedules))) return;
    setSaving(true);
    const schedules = schedulesPayload(form.values.schedules);
    try {
      const saved = await updateCompanySchedules(companyId, schedules);
      toast.success(t('settings.schedules.saved'));
      onSaved(saved);
      form.setValues({ schedules: schedulesOf(saved?.schedules ?? schedules) });
    } catch (error) {
      form.applyServerErrors({ code: error.code, message: error.message, fields: scheduleFieldErrors(error.fields, schedules) });
      toastError(error);
    } finally {
      setSaving(false);
    }
  };

  return (
    <Box component="form" onSubmit={submit} noValidate sx={{ p: 2 }} data-testid="company-schedules-form">
      <Stack spacing={2}>
        <Alert severity="info">{t('settings.schedules.help')}</Alert>
        {!hasSchedules(stored) && <Alert severity="warning" data-testid="company-schedules-defaults">{t('settings.schedules.defaults')}</Alert>}
        <WeekdayHoursEditor {...hoursProps(form)} testId="company-schedule" />
        <Box>
          <Button type="submit" variant="contained" disabled={saving} data-testid="company-schedules-save">{t('common.save')}</Button>
        </Box>
      </Stack>
    </Box>
  );
}

/** The company's weekly hours (scheduleType "company"): PUT /companies/{id}/schedules. */
export default function SchedulesTab() {
  const { t } = useTranslation();
  const { user } = useAuth();
  const companyId = user?.companyId ?? user?.company?.id;
  const path = companyId ? companySchedulesPath(companyId) : null;
  const { data, error, isLoading, mutate } = useSWR(path);
  if (isLoading || (!data && !error)) return <CircularProgress sx={{ m: 4 }} />;
  if (error) return <Alert severity="error" sx={{ m: 2 }}>{t('errors.listLoad')}</Alert>;
  return (
    <CompanyHoursForm companyId={companyId} stored={data?.schedules}
      onSaved={(saved) => mutate({ ...data, ...(saved || {}) }, { revalidate: false })} />
  );
}
