import { FormControlLabel, Switch, TextField } from '@mui/material';
import { useTranslation } from 'react-i18next';
import SelectField from '../../../../components/SelectField';

/** The field's error, else its short explanation (connections.help.{name}) when there is one. */
export function useHelp(field, name) {
  const { t, i18n } = useTranslation();
  const key = `connections.help.${name}`;
  return field.helperText || (i18n.exists(key) ? t(key) : undefined);
}

/** A whole non-negative number of the connection form. */
export function NumberInput({ form, name }) {
  const { t } = useTranslation();
  const field = form.field(name);
  return (
    <TextField {...field} helperText={useHelp(field, name)} type="number" label={t(`connections.modal.${name}`)} fullWidth
      slotProps={{ htmlInput: { min: 0, step: 1, 'data-testid': `connection-${name}` } }} />
  );
}

/** A multi-line text of the connection form. */
export function TextArea({ form, name, rows = 2, helperText }) {
  const { t } = useTranslation();
  const field = form.field(name);
  const help = useHelp(field, name);
  return (
    <TextField {...field} helperText={field.helperText || helperText || help} label={t(`connections.modal.${name}`)} multiline minRows={rows} fullWidth
      slotProps={{ htmlInput: { 'data-testid': `connection-${name}` } }} />
  );
}

/** An optional reference to another record ([{ id, name }]); empty means none. */
export function IdSelect({ form, name, items, disabled }) {
  const { t } = useTranslation();
  const field = form.field(name);
  return (
    <SelectField {...field} helperText={useHelp(field, name)} label={t(`connections.modal.${name}`)} testId={`connection-${name}`} disabled={disabled}
      options={[{ value: '', label: t('connections.modal.none') }, ...items.map((item) => ({ value: item.id, label: item.name }))]} />
  );
}

/** A boolean of the connection form. */
export function SwitchInput({ form, name, label }) {
  const { t } = useTranslation();
  return (
    <FormControlLabel label={label || t(`connections.modal.${name}`)} control={(
      <Switch checked={Boolean(form.values[name])} onChange={(e) => form.setValue(name, e.target.checked)}
        slotProps={{ input: { 'data-testid': `connection-${name}` } }} />
    )} />
  );
}

export const grid = { display: 'grid', gridTemplateColumns: { xs: '1fr', sm: '1fr 1fr', md: '1fr 1fr 1fr' }, gap: 2 };
