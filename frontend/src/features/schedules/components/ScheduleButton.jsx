import { useState } from 'react';
import { IconButton, Tooltip } from '@mui/material';
import ScheduleIcon from '@mui/icons-material/Schedule';
import { useTranslation } from 'react-i18next';
import { useAuth } from '../../auth/hooks/useAuth';
import { schedulesAllowed } from '../api/access';
import ScheduleModal from './ScheduleModal';

/** The message input's schedule button: the dialog for the ticket's contact on its connection. */
export default function ScheduleButton({ ticket, disabled }) {
  const { t } = useTranslation();
  const { user } = useAuth();
  const [open, setOpen] = useState(false);
  if (!schedulesAllowed(user) || !ticket) return null;
  const contact = ticket.contact ? { id: ticket.contactId ?? ticket.contact.id, ...ticket.contact } : null;
  return (
    <>
      <Tooltip title={t('schedules.schedule')}>
        <span>
          <IconButton onClick={() => setOpen(true)} disabled={disabled} data-testid="input-schedule" aria-label={t('schedules.schedule')}>
            <ScheduleIcon />
          </IconButton>
        </span>
      </Tooltip>
      <ScheduleModal open={open} record={null} contact={contact} whatsappId={ticket.whatsappId ?? ''} onClose={() => setOpen(false)} />
    </>
  );
}
