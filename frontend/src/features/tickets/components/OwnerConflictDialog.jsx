import { Button, Dialog, DialogActions, DialogContent, DialogTitle, Typography } from '@mui/material';
import { useTranslation } from 'react-i18next';

/** 'This contact is already being served': names the holding user and queue. */
export default function OwnerConflictDialog({ info, onClose }) {
  const { t } = useTranslation();
  return (
    <Dialog open={Boolean(info)} onClose={onClose} data-testid="owner-conflict-dialog">
      <DialogTitle>{t('tickets.conflict.title')}</DialogTitle>
      <DialogContent>
        <Typography data-testid="owner-conflict-text">
          {t('tickets.conflict.message', {
            user: info?.user?.name || t('tickets.conflict.noUser'),
            queue: info?.queue?.name || t('tickets.item.noQueue'),
          })}
        </Typography>
      </DialogContent>
      <DialogActions>
        <Button onClick={onClose} variant="contained" data-testid="owner-conflict-close">{t('common.close')}</Button>
      </DialogActions>
    </Dialog>
  );
}
