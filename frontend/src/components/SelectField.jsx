import { MenuItem, TextField } from '@mui/material';

/** Single-choice select over [{ value, label }]. */
export default function SelectField({ options, testId, slotProps, ...props }) {
  return (
    <TextField
      select
      fullWidth
      {...props}
      slotProps={{ ...slotProps, select: { SelectDisplayProps: { 'data-testid': testId } } }}
    >
      {options.map((option) => (
        <MenuItem key={option.value} value={option.value} data-testid={testId ? `${testId}-${option.value}` : undefined}>
          {option.label}
        </MenuItem>
      ))}
    </TextField>
  );
}

/** The 'enabled' | 'disabled' choice used by settings and user permissions. */
export const enabledOptions = (t) => [
  { value: 'enabled', label: t('common.enabled') },
  { value: 'disabled', label: t('common.disabled') },
];
