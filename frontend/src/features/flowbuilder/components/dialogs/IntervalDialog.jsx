import { TextField } from '@mui/material';
import { useTranslation } from 'react-i18next';
import useForm from '../../../../hooks/useForm';
import { MAX_INTERVAL, checkInterval } from '../../api/nodeForms';
import NodeFormDialog from './NodeFormDialog';

/** The interval node: 1–120 seconds. */
export default function IntervalDialog({ data, editing, onSaved, onClose }) {
  const { t } = useTranslation();
  const form = useForm({ sec: data?.sec ?? '' });
  return (
    <NodeFormDialog kind="interval" editing={editing} testId="flow-interval" onSaved={onSaved} onClose={onClose} dirty={form.dirty}
      validate={() => form.check({}, checkInterval(form.values.sec))}
      onSubmit={async () => ({ label: `${Number(form.values.sec)}s`, sec: Number(form.values.sec) })}>
      <TextField {...form.field('sec')} type="number" label={t('flowbuilder.dialog.interval.sec')} autoFocus fullWidth
        slotProps={{ htmlInput: { min: 1, max: MAX_INTERVAL, 'data-testid': 'flow-interval-sec' } }} />
    </NodeFormDialog>
  );
}
