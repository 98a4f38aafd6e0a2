import { TextField } from '@mui/material';
import { useTranslation } from 'react-i18next';
import useForm from '../../../../hooks/useForm';
import { checkMessage } from '../../api/nodeForms';
import NodeFormDialog, { VariableChips } from './NodeFormDialog';

/** The legacy message node: one text, which may use the flow's saved {{variables}}. */
export default function MessageDialog({ data, editing, variables, onSaved, onClose }) {
  const { t } = useTranslation();
  const form = useForm({ label: data?.label || '' });
  return (
    <NodeFormDialog kind="message" editing={editing} testId="flow-message" onSaved={onSaved} onClose={onClose} dirty={form.dirty}
      validate={() => form.check({}, checkMessage(form.values))}
      onSubmit={async () => ({ label: form.values.label.trim() })}>
      <TextField {...form.field('label')} label={t('flowbuilder.dialog.message.label')} multiline rows={7} autoFocus fullWidth
        slotProps={{ htmlInput: { 'data-testid': 'flow-message-text' } }} />
      <VariableChips variables={variables} onPick={(token) => form.setValue('label', `${form.values.label}${token}`)} />
    </NodeFormDialog>
  );
}
