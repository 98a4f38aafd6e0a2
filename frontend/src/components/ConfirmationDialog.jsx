import { Button, Dialog, DialogActions, DialogContent, DialogTitle, Typography } from '@mui/material';
import { useTranslation } from 'react-i18next';

export default function ConfirmationDialog({ open, title, children, confirmLabel, onConfirm, onClose, testId = 'confirm-dialog' }) {
  const { t } = useTranslation();
  return (
    <Dialog open={open} onClose={onClose} data-testid={testId}>
      <DialogTitle>{title}</DialogTitle>
      <DialogContent>
        <Typography>{children}</Typography>
      </DialogContent>
      <DialogActions>
        <Button onClick={onClose} data-testid={`${testId}-cancel`}>{t('common.cancel')}</Button>
        <Button
          variant="contained"
          color="secondary"
          data-testid={`${testId}-confirm`}
          onClick={() => {
            onClose();
            onConfirm();
          }}
        >
          {confirmLabel || t('common.confirm')}
        </Button>
      </DialogActions>
    </Dialog>
  );
}
