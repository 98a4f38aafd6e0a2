import { Button } from '@mui/material';
import EventOutlinedIcon from '@mui/icons-material/EventOutlined';
import { useNavigate } from 'react-router';
import { useTranslation } from 'react-i18next';
import { useAuth } from '../../auth/hooks/useAuth';
import { schedulesAllowed } from '../api/access';

/** The contact's schedules: /schedules?contactId= (the calendar filtered, the create dialog open). */
export default function ContactSchedulesButton({ contactId }) {
  const { t } = useTranslation();
  const { user } = useAuth();
  const navigate = useNavigate();
  if (!schedulesAllowed(user) || !contactId) return null;
  return (
    <Button variant="outlined" size="small" startIcon={<EventOutlinedIcon />} onClick={() => navigate(`/schedules?contactId=${contactId}`)}
      data-testid="contact-schedules">
      {t('schedules.contactSchedules')}
    </Button>
  );
}
