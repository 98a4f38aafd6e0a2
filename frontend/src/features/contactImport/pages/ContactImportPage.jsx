import { useEffect, useState } from 'react';
import { useNavigate, useSearchParams } from 'react-router';
import { Button, Paper, Stack, Typography } from '@mui/material';
import ArrowBackIcon from '@mui/icons-material/ArrowBack';
import { useTranslation } from 'react-i18next';
import { toast } from '../../../services/toast';
import toastError from '../../../utils/toastError';
import { getImport, mappingError, selectionOf, startImport, uploadContacts } from '../api/contactImportApi';
import ImportProgress from '../components/ImportProgress';
import MappingForm from '../components/MappingForm';
import PreviewTable from '../components/PreviewTable';
import SheetDrop from '../components/SheetDrop';

/** /contacts/import: drop a spreadsheet, map its columns, pick its rows, follow the import (?id= shows one). */
export default function ContactImportPage() {
  const { t } = useTranslation();
  const navigate = useNavigate();
  const [params, setParams] = useSearchParams();
  const [busy, setBusy] = useState(false);
  const [preview, setPreview] = useState(null);
  const [mapping, setMapping] = useState({});
  const [picked, setPicked] = useState(new Set());
  const [allRows, setAllRows] = useState(true);
  const [started, setStarted] = useState(null);
  const id = params.get('id');

  useEffect(() => {
    if (id && (!started || String(started.id) !== id)) getImport(id).then(setStarted).catch(toastError);
  }, [id, started]);

  const upload = async (file) => {
    setBusy(true);
    try {
      const p = await uploadContacts(file);
      setPreview(p);
      setMapping(p.mapping || {});
      setPicked(new Set(p.rows.map((r) => r.line)));
      setAllRows(true);
    } catch (err) {
      toastError(err);
    } finally {
      setBusy(false);
    }
  };

  const start = async () => {
    const problem = mappingError(mapping);
    const selection = selectionOf(allRows, preview.rows, picked);
    if (problem) { toast.error(t(`contactImport.errors.${problem}`)); return; }
    if (!allRows && selection.rows.length === 0) { toast.error(t('contactImport.errors.noneSelected')); return; }
    setBusy(true);
    try {
      const im = await startImport(preview.import.id, { mapping, selection });
      setStarted(im);
      setPreview(null);
      setParams({ id: String(im.id) });
    } catch (err) {
      toastError(err);
    } finally {
      setBusy(false);
    }
  };

  const again = () => { setStarted(null); setParams({}); };

  return (
    <Stack spacing={2} sx={{ p: 2 }} data-testid="contact-import-page">
      <Stack direction="row" spacing={2} sx={{ alignItems: 'center' }}>
        <Button startIcon={<ArrowBackIcon />} onClick={() => navigate('/contacts')}>{t('contactImport.back')}</Button>
        <Typography variant="h6">{t('contactImport.title')}</Typography>
      </Stack>
      {started && (
        <>
          <ImportProgress key={started.id} initial={started} />
          <Stack direction="row"><Button onClick={again}>{t('contactImport.another')}</Button></Stack>
        </>
      )}
      {!started && !preview && <SheetDrop onFile={upload} busy={busy} />}
      {!started && preview && (
        <Paper variant="outlined" sx={{ p: 2 }}>
          <Stack spacing={2}>
            <Typography variant="subtitle2">{t('contactImport.mapTitle', { file: preview.import.fileName })}</Typography>
            <MappingForm header={preview.header} mapping={mapping} onChange={setMapping} />
            <PreviewTable preview={preview} mapping={mapping} picked={picked} onPick={setPicked}
              allRows={allRows} onAllRows={setAllRows} />
            <Stack direction="row" spacing={1} sx={{ justifyContent: 'flex-end' }}>
              <Button onClick={() => setPreview(null)} disabled={busy}>{t('contactImport.cancel')}</Button>
              <Button variant="contained" onClick={start} disabled={busy} data-testid="contact-import-start">
                {t('contactImport.start')}
              </Button>
            </Stack>
          </Stack>
        </Paper>
      )}
    </Stack>
  );
}
