import { Autocomplete, Chip, TextField } from '@mui/material';
import { useTranslation } from 'react-i18next';
import { contrastText } from '../../../utils/colors';
import { DEFAULT_TAG_COLOR } from './TagChips';

/** Filter by tags: value and onChange are lists of tag ids. */
export default function TagFilter({ tags, value, onChange }) {
  const { t } = useTranslation();
  const selected = tags.filter((tag) => value.includes(tag.id));
  return (
    <Autocomplete
      multiple
      size="small"
      options={tags}
      value={selected}
      onChange={(_, list) => onChange(list.map((tag) => tag.id))}
      getOptionLabel={(tag) => tag.name}
      isOptionEqualToValue={(option, current) => option.id === current.id}
      sx={{ minWidth: 220, maxWidth: { sm: 360 } }}
      renderValue={(list, getItemProps) => list.map((tag, index) => {
        const { key, ...itemProps } = getItemProps({ index });
        const color = tag.color || DEFAULT_TAG_COLOR;
        return <Chip key={key} {...itemProps} size="small" label={tag.name} sx={{ bgcolor: color, color: contrastText(color) }} />;
      })}
      renderInput={(params) => (
        <TextField {...params} placeholder={selected.length ? '' : t('contacts.filterByTags')}
          slotProps={{ ...params.slotProps, htmlInput: { ...params.slotProps.htmlInput, 'data-testid': 'contacts-tag-filter' } }} />
      )}
    />
  );
}
