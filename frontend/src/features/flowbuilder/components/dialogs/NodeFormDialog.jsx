import { Chip, Stack, Typography } from '@mui/material';
import { useTranslation } from 'react-i18next';
import FormDialog from '../../../../components/FormDialog';

/**
 * The frame of every node dialog: create (title addTitle, button Adicionar) or edit (editTitle,
 * Salvar) mode; onSubmit returns the node's data, handed to onSaved.
 */
export default function NodeFormDialog({
  kind, editing, testId, validate, onSubmit, onSaved, onClose, dirty, children, maxWidth, successMessage,
}) {
  const { t } = useTranslation();
  return (
    <FormDialog
      testId={testId}
      title={t(`flowbuilder.dialog.${kind}.${editing ? 'editTitle' : 'addTitle'}`)}
      adding={!editing}
      maxWidth={maxWidth}
      validate={validate}
      onSubmit={onSubmit}
      onSaved={onSaved}
      onClose={onClose}
      dirty={dirty}
      successMessage={successMessage}
    >
      <Stack spacing={2} sx={{ pt: 1 }}>{children}</Stack>
    </FormDialog>
  );
}

/** The flow's saved variables as {{tokens}}; a click inserts one (onPick). */
export function VariableChips({ variables, onPick }) {
  const { t } = useTranslation();
  if (!variables?.length) return null;
  return (
    <Stack spacing={0.5}>
      <Typography variant="caption" color="text.secondary">{t('flowbuilder.dialog.variables')}</Typography>
      <Stack direction="row" spacing={0.5} useFlexGap sx={{ flexWrap: 'wrap' }}>
        {variables.map((token) => (
          <Chip key={token} size="small" label={token} onClick={() => onPick(token)} data-testid="flow-variable" />
        ))}
      </Stack>
    </Stack>
  );
}
