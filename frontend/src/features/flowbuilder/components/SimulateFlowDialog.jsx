import { useState } from 'react';
import useSWR from 'swr';
import {
  Alert, Button, Dialog, DialogActions, DialogContent, DialogTitle, Stack, TextField,
} from '@mui/material';
import { useTranslation } from 'react-i18next';
import SelectField from '../../../components/SelectField';
import toastError from '../../../utils/toastError';
import { CONNECTIONS_PATH, simulateFlow } from '../api/flowbuilderApi';

const sandboxesOf = (data) => (Array.isArray(data) ? data : data?.whatsapps || []).filter((c) => c.channel === 'sandbox');

/**
 * 'Testar no simulador': pick a sandbox connection (and optionally the customer's number),
 * start a run of the saved flow for it, then onStarted({ connection, number, ticketId }) (the
 * ticket whose run events the canvas follows).
 */
export default function SimulateFlowDialog({ flowId, onStarted, onClose }) {
  const { t } = useTranslation();
  const { data, isLoading } = useSWR([CONNECTIONS_PATH, { session: 0 }]);
  const sandboxes = sandboxesOf(data);
  const [connectionId, setConnectionId] = useState('');
  const [number, setNumber] = useState('');
  const [busy, setBusy] = useState(false);
  const chosen = sandboxes.find((c) => c.id === Number(connectionId)) || (sandboxes.length === 1 ? sandboxes[0] : null);

  const start = async () => {
    if (!chosen) return;
    setBusy(true);
    try {
      const started = await simulateFlow(flowId, chosen.id, number.replace(/\D/g, ''));
      onStarted({
        connection: { id: chosen.id, name: chosen.name },
        number: started?.number || number.replace(/\D/g, ''),
        ticketId: started?.ticketId ?? null,
      });
    } catch (error) {
      toastError(error);
      setBusy(false);
    }
  };

  return (
    <Dialog open fullWidth maxWidth="xs" onClose={busy ? undefined : onClose} data-testid="flow-simulate-modal">
      <DialogTitle>{t('flowbuilder.simulate.title')}</DialogTitle>
      <DialogContent dividers>
        {!isLoading && !sandboxes.length ? (
          <Alert severity="info" data-testid="flow-simulate-none">{t('flowbuilder.simulate.none')}</Alert>
        ) : (
          <Stack spacing={2} sx={{ pt: 1 }}>
            <SelectField label={t('flowbuilder.simulate.connection')} value={chosen?.id ?? ''} onChange={(e) => setConnectionId(e.target.value)}
              testId="flow-simulate-connection" options={sandboxes.map((c) => ({ value: c.id, label: `${c.name} (${t(`connections.statuses.${c.status}`, { defaultValue: c.status })})` }))} />
            <TextField label={t('flowbuilder.simulate.number')} value={number} onChange={(e) => setNumber(e.target.value)} fullWidth
              slotProps={{ htmlInput: { inputMode: 'tel', maxLength: 20, 'data-testid': 'flow-simulate-number' } }} />
          </Stack>
        )}
      </DialogContent>
      <DialogActions>
        <Button onClick={onClose} disabled={busy}>{t('common.cancel')}</Button>
        <Button variant="contained" onClick={start} disabled={busy || !chosen} data-testid="flow-simulate-start">{t('flowbuilder.simulate.start')}</Button>
      </DialogActions>
    </Dialog>
  );
}
