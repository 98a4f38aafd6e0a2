import { useRef, useState } from 'react';
import { Box, Button, CircularProgress, Typography } from '@mui/material';
import UploadFileIcon from '@mui/icons-material/UploadFile';
import { useTranslation } from 'react-i18next';
import { ACCEPT } from '../api/contactImportApi';

/** Drag-and-drop (or pick) one spreadsheet; onFile(file). */
export default function SheetDrop({ onFile, busy }) {
  const { t } = useTranslation();
  const input = useRef(null);
  const [over, setOver] = useState(false);
  const take = (files) => { if (files?.[0] && !busy) onFile(files[0]); };
  return (
    <Box
      data-testid="contact-import-drop"
      onDragOver={(e) => { e.preventDefault(); setOver(true); }}
      onDragLeave={() => setOver(false)}
      onDrop={(e) => { e.preventDefault(); setOver(false); take(e.dataTransfer.files); }}
      sx={{ border: 2, borderStyle: 'dashed', borderColor: over ? 'primary.main' : 'divider', borderRadius: 2, p: 5, textAlign: 'center' }}
    >
      <UploadFileIcon color="action" sx={{ fontSize: 48 }} />
      <Typography sx={{ my: 1 }}>{t('contactImport.drop')}</Typography>
      <Typography variant="caption" color="text.secondary" component="p" sx={{ mb: 2 }}>{t('contactImport.dropHint')}</Typography>
      <Button variant="contained" onClick={() => input.current?.click()} disabled={busy}
        startIcon={busy ? <CircularProgress size={16} /> : null}>
        {t('contactImport.pick')}
      </Button>
      <input ref={input} type="file" hidden accept={ACCEPT} data-testid="contact-import-file"
        onChange={(e) => { take(e.target.files); e.target.value = ''; }} />
    </Box>
  );
}
