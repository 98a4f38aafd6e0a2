import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import ConfirmationDialog from '../components/ConfirmationDialog';

/**
 * Closing a form's dialog by Escape or a click beside it: with unsaved changes (dirty) it asks
 * first. Returns [close, confirmation]: close goes to the Dialog's onClose, the confirmation is
 * rendered next to it (test id `${testId}-discard`, its buttons -confirm and -cancel).
 */
export default function useDiscardGuard({ dirty, onClose, testId }) {
  const { t } = useTranslation();
  const [asking, setAsking] = useState(false);
  const close = () => (dirty ? setAsking(true) : onClose());
  const confirmation = (
    <ConfirmationDialog open={asking} title={t('discardChanges.title')} confirmLabel={t('discardChanges.confirm')}
      onConfirm={onClose} onClose={() => setAsking(false)} testId={`${testId}-discard`}>
      {t('discardChanges.message')}
    </ConfirmationDialog>
  );
  return [close, confirmation];
}
