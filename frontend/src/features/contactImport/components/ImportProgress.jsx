import { useEffect, useState } from 'react';
import { Alert, Box, Button, LinearProgress, Paper, Stack, Typography } from '@mui/material';
import DownloadIcon from '@mui/icons-material/Download';
import { useTranslation } from 'react-i18next';
import useCompanyEvent from '../../../hooks/useCompanyEvent';
import toastError from '../../../utils/toastError';
import { downloadFile } from '../../contactLists/api/contactListsApi';
import { getImport, newer, refusedPath, running } from '../api/contactImportApi';

/** An import's live progress (company-{id}-ContactImport, polled too while it runs), counts and refused rows. */
export default function ImportProgress({ initial }) {
  const { t } = useTranslation();
  const [im, setIm] = useState(initial);
  useCompanyEvent('ContactImport', (data) => setIm((cur) => newer(cur, data?.record)));
  const active = running(im);
  useEffect(() => {
    if (!active) return undefined;
    const timer = setInterval(() => getImport(im.id).then((r) => setIm((cur) => newer(cur, r))).catch(() => {}), 3000);
    return () => clearInterval(timer);
  }, [active, im.id]);
  const download = () => downloadFile(refusedPath(im.id), `${t('contactImport.refusedFile')}.xlsx`).catch(toastError);
  return (
    <Paper variant="outlined" sx={{ p: 2 }} data-testid="contact-import-progress" data-status={im.status}>
      <Stack spacing={1}>
        <Typography variant="subtitle2">{t(`contactImport.status.${im.status}`, { file: im.fileName })}</Typography>
        {active && (
          <Box>
            <LinearProgress variant={im.percent > 0 ? 'determinate' : 'indeterminate'} value={im.percent || 0} />
          </Box>
        )}
        {im.status === 'failed' ? (
          <Alert severity="error">{t(`contactImport.errors.${im.error}`, { defaultValue: im.errorMessage || im.error })}</Alert>
        ) : (
          <Typography variant="body2" data-testid="contact-import-counts">
            {t('contactImport.counts', { read: im.rowsRead, created: im.created, updated: im.updated, refused: im.refused })}
          </Typography>
        )}
        {im.status === 'done' && im.refused > 0 && (
          <Box>
            <Button size="small" startIcon={<DownloadIcon />} onClick={download} data-testid="contact-import-refused">
              {t('contactImport.downloadRefused', { count: im.refused })}
            </Button>
          </Box>
        )}
      </Stack>
    </Paper>
  );
}
