import { Stack, TextField } from '@mui/material';
import { useTranslation } from 'react-i18next';
import useForm from '../../../../hooks/useForm';
import { TYPEBOT_DEFAULTS, checkTypebot, numbersOf } from '../../api/nodeForms';
import NodeFormDialog from './NodeFormDialog';

const TEXTS = ['typebotKeywordFinish', 'typebotKeywordRestart', 'typebotUnknownMessage', 'typebotRestartMessage'];

/** The typebot node: the Typebot the conversation is handed to (the integration's fields). */
export default function TypebotDialog({ data, editing, onSaved, onClose }) {
  const { t } = useTranslation();
  const form = useForm({ ...TYPEBOT_DEFAULTS, ...(data?.typebotIntegration || {}) });
  const field = (name, { htmlInput = {}, ...props } = {}) => (
    <TextField {...form.field(name)} label={t(`flowbuilder.dialog.typebot.${name}`)} fullWidth {...props}
      slotProps={{ htmlInput: { 'data-testid': `flow-typebot-${name}`, ...htmlInput } }} />
  );
  return (
    <NodeFormDialog kind="typebot" editing={editing} testId="flow-typebot" onSaved={onSaved} onClose={onClose} dirty={form.dirty}
      validate={() => form.check({}, checkTypebot(form.values))}
      onSubmit={async () => ({ typebotIntegration: { type: 'typebot', ...numbersOf(form.values, ['typebotExpires', 'typebotDelayMessage']) } })}>
      {field('name', { autoFocus: true, htmlInput: { maxLength: 50 } })}
      {field('urlN8N')}
      {field('typebotSlug')}
      <Stack direction="row" spacing={2}>
        {field('typebotExpires', { type: 'number', htmlInput: { min: 0 } })}
        {field('typebotDelayMessage', { type: 'number', htmlInput: { min: 0 } })}
      </Stack>
      {TEXTS.map((name) => <div key={name}>{field(name)}</div>)}
    </NodeFormDialog>
  );
}
