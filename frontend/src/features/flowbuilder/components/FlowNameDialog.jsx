import { FormControlLabel, Switch, TextField } from '@mui/material';
import { useTranslation } from 'react-i18next';
import FormDialog from '../../../components/FormDialog';
import useForm from '../../../hooks/useForm';
import { createFlow, updateFlow } from '../api/flowbuilderApi';
import { checkFlowName } from '../api/nodeForms';

function FlowNameForm({ record, onClose, onSaved }) {
  const { t } = useTranslation();
  const form = useForm({ name: record?.name || '', active: record ? record.active !== false : true });
  const save = () => {
    const name = form.values.name.trim();
    return record ? updateFlow(record.id, { name, active: form.values.active }) : createFlow(name);
  };
  return (
    <FormDialog
      testId="flow-name"
      title={record ? t('flowbuilder.nameDialog.editTitle') : t('flowbuilder.nameDialog.addTitle')}
      adding={!record}
      validate={() => form.check({}, checkFlowName(form.values.name))}
      onSubmit={save}
      onError={form.applyServerErrors}
      successMessage={t('flowbuilder.nameDialog.saved')}
      onSaved={(saved) => onSaved(saved?.flow || saved)}
      onClose={onClose}
      dirty={form.dirty}
    >
      <TextField {...form.field('name')} label={t('flowbuilder.nameDialog.name')} required fullWidth autoFocus sx={{ mt: 1 }}
        slotProps={{ htmlInput: { 'data-testid': 'flow-name-input', maxLength: 50 } }} />
      {record && (
        <FormControlLabel sx={{ mt: 1 }} label={t('flowbuilder.nameDialog.active')}
          control={<Switch checked={form.values.active} onChange={(e) => form.setValue('active', e.target.checked)}
            slotProps={{ input: { 'data-testid': 'flow-name-active' } }} />} />
      )}
    </FormDialog>
  );
}

/** 'Adicionar Fluxo' (record null) or 'Editar Fluxo': the flow's name (2–50) and, when editing, whether it is active. */
export default function FlowNameDialog({ open, record, onClose, onSaved }) {
  return open ? <FlowNameForm key={record?.id ?? 'new'} record={record} onClose={onClose} onSaved={onSaved} /> : null;
}
