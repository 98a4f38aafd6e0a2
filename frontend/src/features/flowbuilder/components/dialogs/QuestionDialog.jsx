import { TextField } from '@mui/material';
import { useTranslation } from 'react-i18next';
import useForm from '../../../../hooks/useForm';
import { checkQuestion } from '../../api/nodeForms';
import NodeFormDialog, { VariableChips } from './NodeFormDialog';

/** The question node ('Variáveis'): a message, and the variable the answer is saved in. */
export default function QuestionDialog({ data, editing, variables, onSaved, onClose }) {
  const { t } = useTranslation();
  const current = data?.typebotIntegration || {};
  const form = useForm({ message: current.message || '', answerKey: current.answerKey || '' });
  return (
    <NodeFormDialog kind="question" editing={editing} testId="flow-question" onSaved={onSaved} onClose={onClose} dirty={form.dirty}
      validate={() => form.check({}, checkQuestion(form.values))}
      onSubmit={async () => ({ typebotIntegration: { message: form.values.message.trim(), answerKey: form.values.answerKey.trim() } })}>
      <TextField {...form.field('message')} label={t('flowbuilder.dialog.question.message')} multiline minRows={4} autoFocus fullWidth
        slotProps={{ htmlInput: { 'data-testid': 'flow-question-message' } }} />
      <VariableChips variables={variables} onPick={(token) => form.setValue('message', `${form.values.message}${token}`)} />
      <TextField {...form.field('answerKey')} label={t('flowbuilder.dialog.question.answerKey')} fullWidth
        slotProps={{ htmlInput: { 'data-testid': 'flow-question-answer-key', maxLength: 50 } }} />
    </NodeFormDialog>
  );
}
