import { MenuItem, Stack, TextField } from '@mui/material';
import { useTranslation } from 'react-i18next';
import ColorPickerField from '../../../components/ColorPickerField';
import FormDialog from '../../../components/FormDialog';
import useForm from '../../../hooks/useForm';
import { laneToForm, lanePayload, saveLane, validateLane } from '../api/kanbanApi';

/** The tag dialog's kanban variant: name, colour and the lane settings (next lane, time, rollback lane, greeting). */
function LaneForm({ lane, lanes, onClose, onSaved }) {
  const { t } = useTranslation();
  const form = useForm(laneToForm(lane));
  const others = lanes.filter((l) => l.id !== lane?.id);
  const laneSelect = (name, testId) => (
    <TextField select {...form.field(name)} label={t(`kanban.lane.${name}`)} fullWidth
      slotProps={{ htmlInput: { 'data-testid': testId } }}>
      <MenuItem value="">{t('kanban.lane.none')}</MenuItem>
      {others.map((l) => <MenuItem key={l.id} value={l.id}>{l.name}</MenuItem>)}
    </TextField>
  );
  return (
    <FormDialog
      testId="lane"
      maxWidth="sm"
      title={lane ? t('kanban.lane.editTitle') : t('kanban.lane.addTitle')}
      adding={!lane}
      validate={() => form.check({}, validateLane(form.values))}
      onSubmit={() => saveLane(lane, lanePayload(form.values))}
      onError={form.applyServerErrors}
      successMessage={t('kanban.lane.saved')}
      onSaved={onSaved}
      onClose={onClose}
      dirty={form.dirty}
    >
      <Stack spacing={2} sx={{ pt: 1 }}>
        <TextField {...form.field('name')} label={t('kanban.lane.name')} required fullWidth autoFocus
          slotProps={{ htmlInput: { 'data-testid': 'lane-name' } }} />
        <ColorPickerField value={form.values.color} onChange={(value) => form.setValue('color', value)}
          label={t('kanban.lane.color')} required testId="lane-color" />
        {laneSelect('nextLaneId', 'lane-next')}
        <TextField {...form.field('timeLane')} label={t('kanban.lane.timeLane')} fullWidth
          helperText={form.field('timeLane').helperText || t('kanban.lane.timeLaneHint')}
          slotProps={{ htmlInput: { inputMode: 'numeric', 'data-testid': 'lane-time' } }} />
        {laneSelect('rollbackLaneId', 'lane-rollback')}
        <TextField {...form.field('greetingMessageLane')} label={t('kanban.lane.greetingMessageLane')} fullWidth multiline minRows={3}
          slotProps={{ htmlInput: { 'data-testid': 'lane-greeting' } }} />
      </Stack>
    </FormDialog>
  );
}

export default function LaneModal({ open, lane, lanes, onClose, onSaved }) {
  return open ? <LaneForm key={lane?.id ?? 'new'} lane={lane} lanes={lanes} onClose={onClose} onSaved={onSaved} /> : null;
}
