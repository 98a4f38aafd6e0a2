import { Button, IconButton, Stack, TextField, Tooltip, Typography } from '@mui/material';
import AddIcon from '@mui/icons-material/Add';
import DeleteOutlinedIcon from '@mui/icons-material/DeleteOutlined';
import { useTranslation } from 'react-i18next';

/** Extra information rows [{ name, value }] of a contact. errors: { 'extraInfo.{i}.name': key }. */
export default function ExtraInfoFields({ rows, onChange, errors, message }) {
  const { t } = useTranslation();
  const setRow = (index, changes) => onChange(rows.map((row, i) => (i === index ? { ...row, ...changes } : row)));
  return (
    <Stack spacing={1.5}>
      <Stack direction="row" sx={{ alignItems: 'center' }}>
        <Typography variant="subtitle2" sx={{ flex: 1 }}>{t('contacts.extraInfo.title')}</Typography>
        <Button size="small" startIcon={<AddIcon />} onClick={() => onChange([...rows, { name: '', value: '' }])} data-testid="contact-extra-add">
          {t('contacts.extraInfo.add')}
        </Button>
      </Stack>
      {rows.map((row, index) => {
        const error = errors[`extraInfo.${index}.name`];
        return (
          // eslint-disable-next-line react/no-array-index-key -- rows have no id until saved
          <Stack key={index} direction="row" spacing={1} sx={{ alignItems: 'flex-start' }} data-testid="contact-extra-row">
            <TextField size="small" fullWidth label={t('contacts.extraInfo.name')} value={row.name}
              onChange={(e) => setRow(index, { name: e.target.value })} error={Boolean(error)} helperText={message(error) || undefined}
              slotProps={{ htmlInput: { 'data-testid': `contact-extra-name-${index}` } }} />
            <TextField size="small" fullWidth label={t('contacts.extraInfo.value')} value={row.value}
              onChange={(e) => setRow(index, { value: e.target.value })}
              slotProps={{ htmlInput: { 'data-testid': `contact-extra-value-${index}` } }} />
            <Tooltip title={t('common.delete')}>
              <IconButton onClick={() => onChange(rows.filter((_, i) => i !== index))} aria-label={t('common.delete')} data-testid={`contact-extra-remove-${index}`}>
                <DeleteOutlinedIcon />
              </IconButton>
            </Tooltip>
          </Stack>
        );
      })}
    </Stack>
  );
}
