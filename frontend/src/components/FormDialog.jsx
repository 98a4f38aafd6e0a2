import { useState } from 'react';
import {
  Alert, Box, Button, CircularProgress, Dialog, DialogActions, DialogContent, DialogTitle, Tab, Tabs,
} from '@mui/material';
import { useTranslation } from 'react-i18next';
import useDiscardGuard from '../hooks/useDiscardGuard';
import { toast } from '../services/toast';
import i18n from '../i18n';
import { ERROR_TOAST_DURATION, errorMessage } from '../utils/toastError';

const hasFieldErrors = (error) => Boolean(error?.fields && Object.keys(error.fields).length);

// A failure whose code has a text of its own (not the generic internal error's).
const hasCodeText = (error) => Boolean(error?.code && error.code !== 'ERR_INTERNAL'
  && i18n.exists(`backendErrors.${error.code}`));

/**
 * The add/edit dialog of every feature: title, optional tabs, the fields, a failed save's error
 * and cancel/save. It runs the save: validate() false stops it; onSubmit() resolves the saved
 * record (then the success toast, onSaved(record) and onClose()) or throws (then onError(error)
 * for field errors, the error toast and, unless fields show it, the error above the fields).
 * Mount it only while open, so that each opening starts a fresh form.
 *
 * tabs: [{ value, label }] with tab / onTabChange (the fields of each tab are the children's).
 * loading: a spinner instead of the fields (a record still being read). readOnly: no save,
 * and cancel reads 'close'. adding: the save button reads 'add'. dirty (the form's unsaved
 * changes, useForm's dirty): Escape or a click beside the dialog asks before discarding them.
 * saveDisabled: the save button stays disabled (a form the spec only lets save once complete).
 * saveLabel: the save button's own text (e.g. 'Criar campanha'), in place of add/save.
 * failureMessage: the spec's text for a failed save (e.g. companies.saveFailed), shown in
 * place of the server's (a translated error code still wins: it says more).
 * Test ids: `${testId}-modal`, -form, -tab-{value}, -error, -cancel, -save, -discard.
 */
export default function FormDialog({
  testId, title, maxWidth = 'sm', onClose, tabs, tab, onTabChange, loading = false, readOnly = false, adding = false,
  validate, onSubmit, onSaved, onError, successMessage, dirty = false, saveDisabled = false, saveLabel, failureMessage,
  children,
}) {
  const { t } = useTranslation();
  const [submitting, setSubmitting] = useState(false);
  const [error, setError] = useState(null);
  const [guardedClose, discardConfirmation] = useDiscardGuard({ dirty: dirty && !readOnly, onClose, testId });

  const submit = async (event) => {
    event.preventDefault();
    // React events cross portals: a dialog opened from another dialog's form must not submit it.
    event.stopPropagation();
    if (readOnly || loading || submitting || saveDisabled || (validate && !validate())) return;
    setSubmitting(true);
    setError(null);
    try {
      const saved = await onSubmit();
      if (successMessage) toast.success(successMessage);
      onSaved?.(saved);
      onClose();
    } catch (failure) {
      onError?.(failure);
      const text = failureMessage && !hasCodeText(failure) ? failureMessage : errorMessage(failure);
      toast.error(text, { duration: ERROR_TOAST_DURATION });
      setError(hasFieldErrors(failure) ? null : text);
      setSubmitting(false);
    }
  };

  return (
    <Dialog open onClose={submitting ? undefined : guardedClose} fullWidth maxWidth={maxWidth} data-testid={`${testId}-modal`}>
      <form onSubmit={submit} noValidate data-testid={`${testId}-form`}>
        <DialogTitle>{title}</DialogTitle>
        <DialogContent dividers>
          {tabs && (
            <Tabs value={tab} onChange={(_, value) => onTabChange(value)} variant="fullWidth">
              {tabs.map((item) => (
                <Tab key={item.value} value={item.value} label={item.label} data-testid={`${testId}-tab-${item.value}`} />
              ))}
            </Tabs>
          )}
          {error && <Alert severity="error" sx={{ mt: 1 }} data-testid={`${testId}-error`}>{error}</Alert>}
          {loading ? (
            <Box sx={{ display: 'flex', justifyContent: 'center', p: 4 }}><CircularProgress /></Box>
          ) : children}
        </DialogContent>
        <DialogActions>
          <Button onClick={onClose} data-testid={`${testId}-cancel`}>{readOnly ? t('common.close') : t('common.cancel')}</Button>
          {!readOnly && (
            <Button type="submit" variant="contained" disabled={submitting || loading || saveDisabled} data-testid={`${testId}-save`}>
              {saveLabel || (adding ? t('common.add') : t('common.save'))}
            </Button>
          )}
        </DialogActions>
      </form>
      {discardConfirmation}
    </Dialog>
  );
}
