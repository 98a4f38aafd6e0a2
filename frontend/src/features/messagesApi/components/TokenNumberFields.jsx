import useSWR from 'swr';
import { Box, MenuItem, TextField } from '@mui/material';
import { useTranslation } from 'react-i18next';

/**
 * The connection token (typed, or taken from one of the company's connections when the list
 * carries tokens, i.e. for who manages connections) and the destination number.
 */
export default function TokenNumberFields({ form, prefix }) {
  const { t } = useTranslation();
  const { data } = useSWR('/whatsapp');
  const withToken = (Array.isArray(data) ? data : []).filter((connection) => connection.token);
  return (
    <Box sx={{ display: 'grid', gridTemplateColumns: { xs: '1fr', md: withToken.length ? '1fr 2fr 1fr' : '2fr 1fr' }, gap: 2 }}>
      {withToken.length > 0 && (
        <TextField select label={t('messagesApi.form.connection')} value={withToken.find((c) => c.token === form.values.token)?.id ?? ''}
          onChange={(e) => form.setValue('token', withToken.find((c) => c.id === e.target.value)?.token || '')}
          slotProps={{ select: { SelectDisplayProps: { 'data-testid': `${prefix}-connection` } } }}>
          {withToken.map((connection) => (
            <MenuItem key={connection.id} value={connection.id} data-testid={`${prefix}-connection-${connection.id}`}>{connection.name}</MenuItem>
          ))}
        </TextField>
      )}
      <TextField {...form.field('token')} label={t('messagesApi.form.token')} required
        slotProps={{ htmlInput: { 'data-testid': `${prefix}-token`, style: { fontFamily: 'monospace' } } }} />
      <TextField {...form.field('number')} label={t('messagesApi.form.number')} required placeholder="5511999999999"
        slotProps={{ htmlInput: { inputMode: 'numeric', 'data-testid': `${prefix}-number` } }} />
    </Box>
  );
}
