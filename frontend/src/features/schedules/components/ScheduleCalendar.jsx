import { useCallback, useEffect, useMemo, useRef } from 'react';
import { Box } from '@mui/material';
import FullCalendar from '@fullcalendar/react';
import dayGridPlugin from '@fullcalendar/react/daygrid';
import timeGridPlugin from '@fullcalendar/react/timegrid';
import interactionPlugin from '@fullcalendar/react/interaction';
import classicThemePlugin from '@fullcalendar/react/themes/classic';
import ptBrLocale from '@fullcalendar/react/locales/pt-br';
import esLocale from '@fullcalendar/react/locales/es';
import trLocale from '@fullcalendar/react/locales/tr';
import '@fullcalendar/react/skeleton.css';
import '@fullcalendar/react/themes/classic/theme.css';
import '@fullcalendar/react/themes/classic/palette.css';
import { useTranslation } from 'react-i18next';
import useCompanyEvent from '../../../hooks/useCompanyEvent';
import toastError from '../../../utils/toastError';
import { listScheduleRange } from '../api/schedulesApi';
import { eventOf } from '../api/scheduleForm';

export const CALENDAR_HEIGHT = 500; // spec/3 §9
// English is FullCalendar's own (no locale object).
const LOCALES = { pt: ptBrLocale, es: esLocale, tr: trLocale };
const REFETCH_DELAY = 300; // a burst of schedule events refetches once

/**
 * The schedules calendar (month, week, day; height 500): a day or slot click adds, an event
 * click edits, a drag moves (onMove(schedule, start, revert)). It loads the visible range
 * and follows company-{id}-schedule live.
 */
export default function ScheduleCalendar({ contactId, onAdd, onEdit, onMove }) {
  const { t, i18n } = useTranslation();
  const ref = useRef(null);
  const timer = useRef(null);

  const events = useCallback(async (info) => {
    try {
      const list = await listScheduleRange(info.start, info.end, contactId ? { contactId } : {});
      return list.map(eventOf);
    } catch (error) {
      toastError(error);
      return [];
    }
  }, [contactId]);

  const refetch = useCallback(() => {
    clearTimeout(timer.current);
    timer.current = setTimeout(() => ref.current?.getApi().refetchEvents(), REFETCH_DELAY);
  }, []);
  useEffect(() => () => clearTimeout(timer.current), []);
  useCompanyEvent('schedule', refetch);

  const buttonText = useMemo(() => ({
    today: t('schedules.calendar.today'), month: t('schedules.calendar.month'),
    week: t('schedules.calendar.week'), day: t('schedules.calendar.day'),
  }), [t]);

  return (
    <Box data-testid="schedules-calendar" sx={{ '& [data-testid="schedule-event"]': { cursor: 'pointer' } }}>
      <FullCalendar
        ref={ref}
        plugins={[dayGridPlugin, timeGridPlugin, interactionPlugin, classicThemePlugin]}
        initialView="dayGridMonth"
        headerToolbar={{ start: 'prev,next today', center: 'title', end: 'dayGridMonth,timeGridWeek,timeGridDay' }}
        buttonText={buttonText}
        locale={LOCALES[i18n.language]}
        height={CALENDAR_HEIGHT}
        dayMaxEvents
        // A schedule is a moment: FullCalendar's default hour would spill one made after 23:00
        // onto the next day's cell, taking its room.
        defaultTimedEventDuration="00:01"
        editable
        eventDurationEditable={false}
        events={events}
        dateClick={(info) => onAdd(info.date, info.allDay)}
        eventClick={(info) => {
          info.jsEvent?.preventDefault?.();
          onEdit(info.event.extendedProps.schedule);
        }}
        eventDidMount={(info) => {
          // FullCalendar 7's class names are hashed: a stable handle for tests and styles.
          info.el.dataset.testid = 'schedule-event';
          info.el.dataset.scheduleId = info.event.id;
        }}
        eventDrop={(info) => onMove(info.event.extendedProps.schedule, info.event.start, info.revert)}
      />
    </Box>
  );
}
