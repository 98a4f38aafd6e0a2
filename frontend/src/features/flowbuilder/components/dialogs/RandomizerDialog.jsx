import { FormHelperText, Slider, Typography } from '@mui/material';
import { useTranslation } from 'react-i18next';
import useForm from '../../../../hooks/useForm';
import { checkInterval, clampPercent } from '../../api/nodeForms';
import NodeFormDialog from './NodeFormDialog';

/**
 * The randomizer: percent% of runs leave by a, the rest by b (slider 0–100, steps of 10). It
 * reuses the interval's check (spec/3 §9): 0 is refused with 'Adicione o valor de intervalo'.
 */
export default function RandomizerDialog({ data, editing, onSaved, onClose }) {
  const { t } = useTranslation();
  const form = useForm({ percent: clampPercent(data?.percent ?? 50) });
  const { percent } = form.values;
  return (
    <NodeFormDialog kind="randomizer" editing={editing} testId="flow-randomizer" onSaved={onSaved} onClose={onClose} dirty={form.dirty}
      validate={() => form.check({}, { percent: checkInterval(percent).sec })}
      onSubmit={async () => ({ percent: clampPercent(percent) })}>
      <Typography data-testid="flow-randomizer-label">{t('flowbuilder.dialog.randomizer.percent', { percent, rest: 100 - percent })}</Typography>
      <Slider value={percent} min={0} max={100} step={10} marks valueLabelDisplay="auto"
        onChange={(_, value) => form.setValue('percent', value)} data-testid="flow-randomizer-slider" />
      {form.errors.percent && (
        <FormHelperText error data-testid="flow-randomizer-error">{form.message(form.errors.percent)}</FormHelperText>
      )}
    </NodeFormDialog>
  );
}
