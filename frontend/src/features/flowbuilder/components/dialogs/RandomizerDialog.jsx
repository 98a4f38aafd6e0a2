import { Slider, Typography } from '@mui/material';
import { useTranslation } from 'react-i18next';
import useForm from '../../../../hooks/useForm';
import { clampPercent } from '../../api/nodeForms';
import NodeFormDialog from './NodeFormDialog';

/** The randomizer: percent% of runs leave by a, the rest by b (slider 0–100, steps of 10). */
export default function RandomizerDialog({ data, editing, onSaved, onClose }) {
  const { t } = useTranslation();
  const form = useForm({ percent: clampPercent(data?.percent ?? 50) });
  const { percent } = form.values;
  return (
    <NodeFormDialog kind="randomizer" editing={editing} testId="flow-randomizer" onSaved={onSaved} onClose={onClose} dirty={form.dirty}
      onSubmit={async () => ({ percent: clampPercent(percent) })}>
      <Typography data-testid="flow-randomizer-label">{t('flowbuilder.dialog.randomizer.percent', { percent, rest: 100 - percent })}</Typography>
      <Slider value={percent} min={0} max={100} step={10} marks valueLabelDisplay="auto"
        onChange={(_, value) => form.setValue('percent', value)} data-testid="flow-randomizer-slider" />
    </NodeFormDialog>
  );
}
