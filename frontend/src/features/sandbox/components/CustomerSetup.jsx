import { useState } from 'react';
import { Box, Button, Chip, IconButton, InputAdornment, Stack, TextField, Tooltip, Typography } from '@mui/material';
import CasinoOutlinedIcon from '@mui/icons-material/CasinoOutlined';
import { useTranslation } from 'react-i18next';
import { customerError, digitsOf, randomCustomerNumber } from '../api/conversation';

/** Choose a recent pretend customer or enter a number and a name. */
export default function CustomerSetup({ recent, initial, onStart }) {
  const { t } = useTranslation();
  const [number, setNumber] = useState(initial?.number || '');
  const [name, setName] = useState(initial?.name || '');
  const [error, setError] = useState(null);

  const start = (event) => {
    event.preventDefault();
    const refused = customerError({ number });
    if (refused) {
      setError(refused);
      return;
    }
    onStart({ number: digitsOf(number), name: name.trim() || digitsOf(number) });
  };

  return (
    <Box component="form" onSubmit={start} noValidate sx={{ p: 2, display: 'flex', flexDirection: 'column', gap: 2, flex: 1, overflow: 'auto' }}
      data-testid="simulate-setup">
      <Typography variant="subtitle1" sx={{ fontWeight: 600 }}>{t('sandbox.setup.title')}</Typography>
      <Typography variant="body2" color="text.secondary">{t('sandbox.setup.help')}</Typography>
      <TextField
        label={t('sandbox.setup.number')}
        value={number}
        onChange={(e) => {
          setNumber(e.target.value);
          setError(null);
        }}
        error={Boolean(error)}
        helperText={error ? t(error) : t('sandbox.setup.numberHelp')}
        required
        slotProps={{
          htmlInput: { inputMode: 'tel', 'data-testid': 'simulate-number' },
          input: {
            endAdornment: (
              <InputAdornment position="end">
                <Tooltip title={t('sandbox.setup.random')}>
                  <IconButton onClick={() => { setNumber(randomCustomerNumber()); setError(null); }} aria-label={t('sandbox.setup.random')}
                    data-testid="simulate-random">
                    <CasinoOutlinedIcon />
                  </IconButton>
                </Tooltip>
              </InputAdornment>
            ),
          },
        }}
      />
      <TextField label={t('sandbox.setup.name')} value={name} onChange={(e) => setName(e.target.value)}
        slotProps={{ htmlInput: { 'data-testid': 'simulate-name' } }} />
      <Button type="submit" variant="contained" data-testid="simulate-start">{t('sandbox.setup.start')}</Button>
      {recent.length > 0 && (
        <Stack spacing={1}>
          <Typography variant="caption" color="text.secondary">{t('sandbox.setup.recent')}</Typography>
          <Box sx={{ display: 'flex', flexWrap: 'wrap', gap: 1 }}>
            {recent.map((customer) => (
              <Chip key={customer.number} label={`${customer.name} · ${customer.number}`} onClick={() => onStart(customer)}
                data-testid={`simulate-recent-${customer.number}`} />
            ))}
          </Box>
        </Stack>
      )}
    </Box>
  );
}
