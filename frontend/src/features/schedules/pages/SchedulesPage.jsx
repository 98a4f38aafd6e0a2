import { useEffect, useState } from 'react';
import { Box, Button, Chip, Stack, ToggleButton, ToggleButtonGroup, Typography } from '@mui/material';
import AddIcon from '@mui/icons-material/Add';
import CalendarMonthIcon from '@mui/icons-material/CalendarMonth';
import ViewListIcon from '@mui/icons-material/ViewList';
import { useLocation, useNavigate } from 'react-router';
import { useTranslation } from 'react-i18next';
import useSendHomeUnless from '../../../hooks/useSendHomeUnless';
import { api } from '../../../services/api';
import { toast } from '../../../services/toast';
import toastError from '../../../utils/toastError';
import { useAuth } from '../../auth/hooks/useAuth';
import { schedulesAllowed } from '../api/access';
import { contactIdParam, movedPayload, sendAtForClick } from '../api/scheduleForm';
import { updateSchedule } from '../api/schedulesApi';
import ScheduleCalendar from '../components/ScheduleCalendar';
import ScheduleList from '../components/ScheduleList';
import ScheduleModal from '../components/ScheduleModal';

const VIEW_KEY = 'schedules.view';

/** The calendar or the list, remembered in this browser. */
function useView() {
  const [view, setView] = useState(() => (localStorage.getItem(VIEW_KEY) === 'list' ? 'list' : 'calendar'));
  const choose = (next) => {
    if (!next) return;
    localStorage.setItem(VIEW_KEY, next);
    setView(next);
  };
  return [view, choose];
}

/** The contact of ?contactId= (its schedules shown, the create dialog opened for it). */
function useContactParam(contactId) {
  const [contact, setContact] = useState(null);
  useEffect(() => {
    if (!contactId) return undefined;
    let live = true;
    api.get(`/contacts/${contactId}`).then((c) => live && setContact(c), (error) => live && toastError(error));
    return () => {
      live = false;
    };
  }, [contactId]);
  return contactId && contact?.id === contactId ? contact : null;
}

/** /schedules: the calendar of scheduled messages and their dialog (spec/3). */
export default function SchedulesPage() {
  const { t } = useTranslation();
  const { user } = useAuth();
  const navigate = useNavigate();
  const location = useLocation();
  const allowed = useSendHomeUnless(schedulesAllowed(user), 'schedules.noPlan');
  const contactId = contactIdParam(location.search);
  const contact = useContactParam(contactId);
  const [modal, setModal] = useState({ open: false });
  const [openedFor, setOpenedFor] = useState(null);
  const [view, setView] = useView();

  // ?contactId= opens the create dialog for that contact once it is loaded.
  useEffect(() => {
    if (contact && openedFor !== contact.id) {
      setOpenedFor(contact.id);
      setModal({ open: true, record: null, contact, fromContact: true });
    }
  }, [contact, openedFor]);

  if (!allowed) return null;

  const move = async (schedule, start, revert) => {
    try {
      await updateSchedule(schedule.id, movedPayload(start));
      toast.success(t('schedules.moved'));
    } catch (error) {
      revert();
      toastError(error);
    }
  };

  const close = () => setModal({ open: false });
  const saved = () => {
    // After saving a schedule from a contact the user goes to /schedules (spec/3 §4).
    if (modal.fromContact) navigate('/schedules');
  };

  return (
    <Box sx={{ p: 2, height: '100%', overflow: 'auto' }} data-testid="schedules-page">
      <Stack direction="row" spacing={2} sx={{ alignItems: 'center', mb: 1, flexWrap: 'wrap' }}>
        <Typography variant="h5" sx={{ flex: 1 }}>{t('schedules.title')}</Typography>
        {contact && (
          <Chip label={t('schedules.contactFilter', { name: contact.name })} onDelete={() => navigate('/schedules')}
            data-testid="schedules-contact-filter" />
        )}
        <ToggleButtonGroup size="small" exclusive value={view} onChange={(_, next) => setView(next)} aria-label={t('schedules.view.label')}>
          <ToggleButton value="calendar" aria-label={t('schedules.view.calendar')} data-testid="schedules-view-calendar">
            <CalendarMonthIcon fontSize="small" />
          </ToggleButton>
          <ToggleButton value="list" aria-label={t('schedules.view.list')} data-testid="schedules-view-list">
            <ViewListIcon fontSize="small" />
          </ToggleButton>
        </ToggleButtonGroup>
        <Button variant="contained" startIcon={<AddIcon />} data-testid="schedules-add"
          onClick={() => setModal({ open: true, record: null, contact, sendAt: null })}>
          {t('schedules.add')}
        </Button>
      </Stack>
      {view === 'calendar' ? (
        <>
          <Typography variant="body2" color="text.secondary" sx={{ mb: 1 }}>{t('schedules.hint')}</Typography>
          <ScheduleCalendar
            contactId={contact?.id}
            onAdd={(date, allDay) => setModal({ open: true, record: null, contact, sendAt: sendAtForClick(date, allDay) })}
            onEdit={(record) => setModal({ open: true, record })}
            onMove={move}
          />
        </>
      ) : (
        <ScheduleList contactId={contact?.id} onEdit={(record) => setModal({ open: true, record })} />
      )}
      <ScheduleModal open={modal.open} record={modal.record} contact={modal.contact} sendAt={modal.sendAt}
        onClose={close} onSaved={saved} />
    </Box>
  );
}
