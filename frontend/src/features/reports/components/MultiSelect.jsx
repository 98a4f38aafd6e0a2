import { Checkbox, FormControl, InputLabel, ListItemText, MenuItem, OutlinedInput, Select } from '@mui/material';

/** A small multi-select of { value, label } options; value is the list of chosen values. */
export default function MultiSelect({ label, options, value, onChange, testId }) {
  const names = new Map(options.map((o) => [o.value, o.label]));
  return (
    <FormControl size="small" sx={{ minWidth: 160 }}>
      <InputLabel>{label}</InputLabel>
      <Select
        multiple
        value={value}
        onChange={(e) => onChange(e.target.value)}
        input={<OutlinedInput label={label} />}
        renderValue={(chosen) => chosen.map((v) => names.get(v) ?? v).join(', ')}
        inputProps={{ 'data-testid': testId }}
      >
        {options.map((o) => (
          <MenuItem key={o.value} value={o.value} data-testid={`${testId}-option`}>
            <Checkbox size="small" checked={value.includes(o.value)} />
            <ListItemText primary={o.label} />
          </MenuItem>
        ))}
      </Select>
    </FormControl>
  );
}
