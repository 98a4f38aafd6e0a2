import { FormControl, InputLabel, MenuItem, Select, Stack } from '@mui/material';
import { useTranslation } from 'react-i18next';
import { FIELDS, REQUIRED, assign } from '../api/contactImportApi';

/** One select per contact field: which column of the file feeds it. */
export default function MappingForm({ header, mapping, onChange }) {
  const { t } = useTranslation();
  return (
    <Stack direction={{ xs: 'column', sm: 'row' }} spacing={2}>
      {FIELDS.map((field) => (
        <FormControl key={field} size="small" sx={{ minWidth: 180 }} required={REQUIRED.includes(field)}>
          <InputLabel>{t(`contactImport.fields.${field}`)}</InputLabel>
          <Select
            label={t(`contactImport.fields.${field}`)}
            value={mapping[field] ?? ''}
            data-testid={`contact-import-map-${field}`}
            onChange={(e) => onChange(assign(mapping, field, e.target.value === '' ? null : Number(e.target.value)))}
          >
            <MenuItem value=""><em>{t('contactImport.none')}</em></MenuItem>
            {header.map((name, i) => (
              // eslint-disable-next-line react/no-array-index-key -- columns are positions
              <MenuItem key={i} value={i}>{name || t('contactImport.column', { n: i + 1 })}</MenuItem>
            ))}
          </Select>
        </FormControl>
      ))}
    </Stack>
  );
}
