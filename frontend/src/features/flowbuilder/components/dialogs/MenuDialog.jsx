import { Button, FormHelperText, IconButton, Stack, TextField, Tooltip } from '@mui/material';
import AddIcon from '@mui/icons-material/Add';
import DeleteOutlineIcon from '@mui/icons-material/DeleteOutlined';
import { useTranslation } from 'react-i18next';
import useForm from '../../../../hooks/useForm';
import { addOption, checkMenu, removeLastOption } from '../../api/nodeForms';
import NodeFormDialog, { VariableChips } from './NodeFormDialog';

/** The menu node: a message and options numbered from 1 (only the last removable); option n leaves by "a<n>". */
export default function MenuDialog({ data, editing, variables, onSaved, onClose }) {
  const { t } = useTranslation();
  const form = useForm({ message: data?.message || '', arrayOption: data?.arrayOption?.length ? data.arrayOption : addOption([]) });
  const options = form.values.arrayOption;
  const setOptions = (next) => form.setValue('arrayOption', next);
  const optionsError = form.errors.options;
  return (
    <NodeFormDialog kind="menu" editing={editing} testId="flow-menu" onSaved={onSaved} onClose={onClose} dirty={form.dirty}
      validate={() => form.check({}, checkMenu(form.values))}
      onSubmit={async () => ({ message: form.values.message.trim(), arrayOption: options.map((o) => ({ number: o.number, value: o.value.trim() })) })}>
      <TextField {...form.field('message')} label={t('flowbuilder.dialog.menu.message')} multiline minRows={4} autoFocus fullWidth
        slotProps={{ htmlInput: { 'data-testid': 'flow-menu-message' } }} />
      <VariableChips variables={variables} onPick={(token) => form.setValue('message', `${form.values.message}${token}`)} />
      {options.map((option, index) => (
        <Stack key={option.number} direction="row" spacing={1} sx={{ alignItems: 'center' }}>
          <TextField size="small" fullWidth label={t('flowbuilder.dialog.menu.option', { number: option.number })} value={option.value}
            onChange={(e) => setOptions(options.map((item) => (item.number === option.number ? { ...item, value: e.target.value } : item)))}
            slotProps={{ htmlInput: { 'data-testid': 'flow-menu-option', maxLength: 200 } }} />
          {index === options.length - 1 && options.length > 1 && (
            <Tooltip title={t('flowbuilder.dialog.menu.removeOption')}>
              <IconButton onClick={() => setOptions(removeLastOption(options))} aria-label={t('flowbuilder.dialog.menu.removeOption')}
                data-testid="flow-menu-remove-option">
                <DeleteOutlineIcon />
              </IconButton>
            </Tooltip>
          )}
        </Stack>
      ))}
      {optionsError && <FormHelperText error data-testid="flow-menu-options-error">{form.message(optionsError)}</FormHelperText>}
      <Button startIcon={<AddIcon />} onClick={() => setOptions(addOption(options))} data-testid="flow-menu-add-option" sx={{ alignSelf: 'flex-start' }}>
        {t('flowbuilder.dialog.menu.addOption')}
      </Button>
    </NodeFormDialog>
  );
}
