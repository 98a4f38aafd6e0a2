import {
  Button, Checkbox, FormControlLabel, IconButton, Paper, Stack, TextField, Tooltip, Typography,
} from '@mui/material';
import ArrowUpwardIcon from '@mui/icons-material/ArrowUpward';
import ArrowDownwardIcon from '@mui/icons-material/ArrowDownward';
import DeleteOutlineIcon from '@mui/icons-material/DeleteOutlined';
import UploadFileIcon from '@mui/icons-material/UploadFile';
import { useTranslation } from 'react-i18next';
import { MAX_INTERVAL, MEDIA } from '../../api/nodeForms';
import MediaPreview from './MediaPreview';

const SEND_LABEL = { img: 'sendImage', audio: 'sendAudio', video: 'sendVideo' };

function FileCard({ card, onChange, onFile }) {
  const { t } = useTranslation();
  return (
    <Stack spacing={1}>
      {card.type === 'video' && <Typography variant="caption" color="warning.main">{t('flowbuilder.dialog.content.videoWarning')}</Typography>}
      <MediaPreview type={card.type} file={card.file} stored={card.file ? null : card.value} original={card.original} />
      <Button component="label" variant="outlined" size="small" startIcon={<UploadFileIcon />} sx={{ alignSelf: 'flex-start' }}>
        {t(`flowbuilder.dialog.content.${SEND_LABEL[card.type]}`)}
        <input hidden type="file" accept={MEDIA[card.type].accept} data-testid={`flow-content-file-${card.type}`}
          onChange={(e) => {
            const file = e.target.files?.[0];
            e.target.value = '';
            if (file) onFile(file);
          }} />
      </Button>
      {card.type === 'audio' && (
        <FormControlLabel label={t('flowbuilder.dialog.content.record')}
          control={<Checkbox checked={Boolean(card.record)} onChange={(e) => onChange({ record: e.target.checked })} />} />
      )}
    </Stack>
  );
}

/** One card of the content dialog: its kind's field, move up/down and remove. */
export default function ContentCard({ card, first, last, onChange, onFile, onMove, onRemove }) {
  const { t } = useTranslation();
  const action = (title, onClick, Icon, testId, disabled = false) => (
    <Tooltip title={title}>
      <span>
        <IconButton size="small" onClick={onClick} disabled={disabled} aria-label={title} data-testid={testId}><Icon fontSize="small" /></IconButton>
      </span>
    </Tooltip>
  );
  return (
    <Paper variant="outlined" sx={{ p: 1.5 }} data-testid="flow-content-card" data-card-type={card.type}>
      <Stack direction="row" sx={{ alignItems: 'center', mb: 1 }}>
        <Typography variant="subtitle2" sx={{ flex: 1 }}>{t(`flowbuilder.dialog.content.${card.type === 'message' ? 'text' : card.type}`)}</Typography>
        {action(t('flowbuilder.dialog.content.up'), () => onMove(-1), ArrowUpwardIcon, 'flow-content-up', first)}
        {action(t('flowbuilder.dialog.content.down'), () => onMove(1), ArrowDownwardIcon, 'flow-content-down', last)}
        {action(t('flowbuilder.dialog.content.remove'), onRemove, DeleteOutlineIcon, 'flow-content-remove')}
      </Stack>
      {card.type === 'message' && (
        <TextField label={t('flowbuilder.dialog.content.message')} multiline rows={7} fullWidth value={card.value}
          onChange={(e) => onChange({ value: e.target.value })} slotProps={{ htmlInput: { 'data-testid': 'flow-content-message' } }} />
      )}
      {card.type === 'interval' && (
        <TextField label={t('flowbuilder.dialog.content.seconds')} type="number" fullWidth value={card.value}
          onChange={(e) => onChange({ value: e.target.value })}
          slotProps={{ htmlInput: { min: 0, max: MAX_INTERVAL, 'data-testid': 'flow-content-interval' } }} />
      )}
      {MEDIA[card.type] && <FileCard card={card} onChange={onChange} onFile={onFile} />}
    </Paper>
  );
}
