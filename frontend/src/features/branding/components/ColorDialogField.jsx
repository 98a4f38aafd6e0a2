import { useState } from 'react';
import {
  Box, Button, ButtonBase, Dialog, DialogActions, DialogContent, DialogTitle, Stack, TextField, Typography,
} from '@mui/material';
import { useTranslation } from 'react-i18next';
import { isColor } from '../api/branding';

/** A swatch that opens a colour picker dialog (the browser's chooser and the hex code); onSave(hex). */
export default function ColorDialogField({ label, value, onSave, testId }) {
  const { t } = useTranslation();
  const [draft, setDraft] = useState(null);
  const valid = draft !== null && isColor(draft);
  return (
    <>
      <Stack direction="row" spacing={1.5} sx={{ alignItems: 'center' }}>
        <ButtonBase onClick={() => setDraft(value)} aria-label={label} data-testid={`${testId}-open`}
          sx={{ width: 40, height: 40, borderRadius: 1, border: 1, borderColor: 'divider', bgcolor: value }} />
        <Box>
          <Typography variant="body2">{label}</Typography>
          <Typography variant="caption" color="text.secondary" data-testid={`${testId}-value`}>{value}</Typography>
        </Box>
      </Stack>
      <Dialog open={draft !== null} onClose={() => setDraft(null)} data-testid={`${testId}-dialog`}>
        <DialogTitle>{label}</DialogTitle>
        <DialogContent>
          <Stack direction="row" spacing={2} sx={{ alignItems: 'center', pt: 1 }}>
            <Box component="input" type="color" value={isColor(draft) ? draft : '#000000'} onChange={(e) => setDraft(e.target.value)}
              aria-label={label} sx={{ width: 64, height: 48, border: 0, p: 0, bgcolor: 'transparent', cursor: 'pointer' }} />
            <TextField label={t('branding.hex')} value={draft ?? ''} onChange={(e) => setDraft(e.target.value.trim())}
              error={draft !== null && !valid} helperText={draft !== null && !valid ? t('branding.badColor') : ' '}
              slotProps={{ htmlInput: { 'data-testid': `${testId}-hex`, maxLength: 7 } }} />
          </Stack>
        </DialogContent>
        <DialogActions>
          <Button onClick={() => setDraft(null)}>{t('common.cancel')}</Button>
          <Button variant="contained" disabled={!valid} data-testid={`${testId}-save`}
            onClick={() => { onSave(draft.toLowerCase()); setDraft(null); }}>
            {t('common.save')}
          </Button>
        </DialogActions>
      </Dialog>
    </>
  );
}
