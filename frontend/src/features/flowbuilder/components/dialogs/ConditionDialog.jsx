import { Autocomplete, TextField } from '@mui/material';
import { useTranslation } from 'react-i18next';
import SelectField from '../../../../components/SelectField';
import useForm from '../../../../hooks/useForm';
import { OPERATORS, checkCondition } from '../../api/nodeForms';
import NodeFormDialog from './NodeFormDialog';

const bare = (token) => token.replace(/^\{\{|\}\}$/g, '');

/** The condition node (decision 9): variable, operator and value; runs leave by true or false. */
export default function ConditionDialog({ data, editing, variables, onSaved, onClose }) {
  const { t } = useTranslation();
  const form = useForm({ key: data?.key || '', condition: data?.condition || '==', value: data?.value ?? '' });
  const keyError = form.field('key');
  return (
    <NodeFormDialog kind="condition" editing={editing} testId="flow-condition" onSaved={onSaved} onClose={onClose} dirty={form.dirty}
      validate={() => form.check({}, checkCondition(form.values))}
      onSubmit={async () => ({ key: bare(form.values.key.trim()), condition: form.values.condition, value: form.values.value })}>
      <Autocomplete freeSolo options={(variables || []).map(bare)} inputValue={form.values.key}
        onInputChange={(_, value) => form.setValue('key', value)}
        renderInput={(params) => (
          <TextField {...params} label={t('flowbuilder.dialog.condition.key')} error={keyError.error} helperText={keyError.helperText}
            slotProps={{ ...params.slotProps, htmlInput: { ...params.slotProps.htmlInput, 'data-testid': 'flow-condition-key' } }} />
        )} />
      <SelectField {...form.field('condition')} label={t('flowbuilder.dialog.condition.condition')} testId="flow-condition-operator"
        options={OPERATORS.map((op) => ({ value: op, label: t(`flowbuilder.dialog.condition.operators.${op}`) }))} />
      <TextField {...form.field('value')} label={t('flowbuilder.dialog.condition.value')} fullWidth
        slotProps={{ htmlInput: { 'data-testid': 'flow-condition-value' } }} />
    </NodeFormDialog>
  );
}
