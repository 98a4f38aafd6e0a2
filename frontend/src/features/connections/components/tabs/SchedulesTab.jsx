import { Alert, Box } from '@mui/material';
import { useTranslation } from 'react-i18next';
import WeekdayHoursEditor from '../../../hours/components/WeekdayHoursEditor';
import { hoursProps } from '../../../hours/api/schedules';

/** The connection's service hours (company setting scheduleType "connection"). */
export default function SchedulesTab({ form }) {
  const { t } = useTranslation();
  return (
    <Box sx={{ pt: 2 }}>
      <Alert severity="info">{t('connections.modal.schedulesHelp')}</Alert>
      <WeekdayHoursEditor {...hoursProps(form)} testId="connection-schedule" />
    </Box>
  );
}
