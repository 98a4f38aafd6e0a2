import { useState } from 'react';
import { Button, CircularProgress } from '@mui/material';
import FileDownloadOutlinedIcon from '@mui/icons-material/FileDownloadOutlined';
import { useTranslation } from 'react-i18next';
import toastError from '../../../utils/toastError';

/** Exports the contacts the list's filters select to .xlsx; busy while the file comes. */
export default function ExportContactsButton({ onExport }) {
  const { t } = useTranslation();
  const [busy, setBusy] = useState(false);
  const run = async () => {
    setBusy(true);
    try {
      await onExport();
    } catch (err) {
      toastError(err);
    } finally {
      setBusy(false);
    }
  };
  return (
    <Button variant="outlined" onClick={run} disabled={busy} data-testid="contacts-export"
      startIcon={busy ? <CircularProgress size={16} /> : <FileDownloadOutlinedIcon />}>
      {t('contacts.export')}
    </Button>
  );
}
