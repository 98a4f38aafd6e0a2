import useSWR from 'swr';
import {
  Button, CircularProgress, Dialog, DialogActions, DialogContent, DialogTitle, List, ListItem, ListItemText, Typography,
} from '@mui/material';
import { useTranslation } from 'react-i18next';
import { asList, formatDateTime } from '../utils/format';

/** GET /tickets-log/{ticketId}: what happened to the ticket, oldest first. */
export default function TicketLogModal({ open, ticketId, onClose }) {
  const { t } = useTranslation();
  const { data, isLoading } = useSWR(open ? `/tickets-log/${ticketId}` : null, { revalidateOnFocus: false });
  const logs = asList(data, 'logs');
  return (
    <Dialog open={open} onClose={onClose} fullWidth maxWidth="sm" data-testid="ticket-log-modal">
      <DialogTitle>{t('tickets.log.title', { id: ticketId })}</DialogTitle>
      <DialogContent dividers>
        {isLoading && <CircularProgress size={24} />}
        {!isLoading && logs.length === 0 && <Typography color="text.secondary">{t('tickets.log.empty')}</Typography>}
        <List dense>
          {logs.map((log, index) => (
            <ListItem key={log.id ?? index} data-testid="ticket-log-entry" data-type={log.type} divider>
              <ListItemText
                primary={t(`tickets.log.types.${log.type}`, { defaultValue: log.type, user: log.user?.name || '', queue: log.queue?.name || '' })}
                secondary={[formatDateTime(log.createdAt), log.user?.name, log.queue?.name].filter(Boolean).join(' · ')}
              />
            </ListItem>
          ))}
        </List>
      </DialogContent>
      <DialogActions>
        <Button onClick={onClose}>{t('common.close')}</Button>
      </DialogActions>
    </Dialog>
  );
}
