import { Alert, Box, Button, LinearProgress, Paper, Stack, Typography } from '@mui/material';
import DownloadIcon from '@mui/icons-material/Download';
import { useTranslation } from 'react-i18next';
import toastError from '../../../utils/toastError';
import { downloadFile, refusedPath } from '../api/contactListsApi';
import { isCheck, progressOf } from '../api/importProgress';

/** The latest import of the list: a progress bar while it runs, its counts, its error or warning, the refused rows. */
export default function ImportPanel({ listId, current }) {
  const { t } = useTranslation();
  const progress = progressOf(current);
  if (!progress) return null;
  const download = () => downloadFile(refusedPath(listId, current.id), `recusadas-${current.fileName || 'planilha'}.xlsx`).catch(toastError);
  const check = isCheck(current);
  const counts = check
    ? t('contactLists.recheck.counts', { checked: current.checked, total: current.toCheck })
    : t('contactLists.import.counts', {
      read: current.rowsRead, imported: current.imported, merged: current.merged, refused: current.refused,
    });
  const title = check
    ? t(`contactLists.recheck.phase.${progress.phase}`, { defaultValue: t('contactLists.recheck.phase.checking') })
    : t(`contactLists.import.phase.${progress.phase}`, { file: current.fileName });
  return (
    <Paper variant="outlined" sx={{ p: 2 }} data-testid="contact-list-import" data-status={current.status} data-kind={current.kind || 'import'}>
      <Stack spacing={1}>
        <Typography variant="subtitle2">
          {title}
        </Typography>
        {!progress.done && (
          <Box>
            <LinearProgress variant={progress.percent == null ? 'indeterminate' : 'determinate'} value={progress.percent ?? 0}
              data-testid="contact-list-import-progress" />
            {current.status === 'checking' && !check && (
              <Typography variant="caption" color="text.secondary">
                {t('contactLists.import.checking', { checked: current.checked, total: current.toCheck })}
              </Typography>
            )}
          </Box>
        )}
        {progress.failed ? (
          <Alert severity="error" data-testid="contact-list-import-error">
            {t(`contactLists.import.errors.${current.error}`, { defaultValue: current.errorMessage || current.error })}
          </Alert>
        ) : (
          <Typography variant="body2" data-testid="contact-list-import-counts">{counts}</Typography>
        )}
        {current.warning && <Alert severity="warning" data-testid="contact-list-import-warning">{current.warning}</Alert>}
        {current.refused > 0 && progress.done && (
          <Box>
            <Button size="small" startIcon={<DownloadIcon />} onClick={download} data-testid="contact-list-import-refused">
              {t('contactLists.import.downloadRefused', { count: current.refused })}
            </Button>
          </Box>
        )}
      </Stack>
    </Paper>
  );
}
