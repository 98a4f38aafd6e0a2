import { useState } from 'react';
import { Autocomplete, Box, Chip, TextField, createFilterOptions } from '@mui/material';
import { useTranslation } from 'react-i18next';
import { contrastText } from '../../../utils/colors';
import { resolveTags } from '../api/contactForm';
import { DEFAULT_TAG_COLOR } from './TagChips';

const filter = createFilterOptions({ stringify: (option) => option.name });

const labelOf = (option) => {
  if (typeof option === 'string') return option;
  return option.label ?? option.name ?? '';
};

/**
 * Multi-select of tags that can also create new ones by typing a name (3 characters at least:
 * shorter names are refused with 'Tag muito curta!'). value/onChange: [{ id?, name, color? }].
 */
export default function TagsSelect({ value, onChange, options, label, testId = 'tags-select' }) {
  const { t } = useTranslation();
  const [error, setError] = useState(null);
  const [input, setInput] = useState('');

  return (
    <Autocomplete
      multiple
      freeSolo
      filterSelectedOptions
      options={options}
      value={value}
      inputValue={input}
      onInputChange={(_, text, reason) => {
        if (reason !== 'reset') setInput(text);
        if (error && reason === 'input') setError(null);
      }}
      getOptionLabel={labelOf}
      getOptionKey={(option) => (option.id ? `id-${option.id}` : `new-${labelOf(option)}`)}
      isOptionEqualToValue={(option, current) => (option.id ? option.id === current.id : option.name === current.name)}
      filterOptions={(list, params) => {
        const filtered = filter(list, params);
        const typed = params.inputValue.trim();
        const known = list.some((tag) => tag.name.toLowerCase() === typed.toLowerCase())
          || value.some((tag) => tag.name.toLowerCase() === typed.toLowerCase());
        if (typed && !known) filtered.push({ inputValue: typed, isNew: true, label: t('contacts.tagsField.create', { name: typed }) });
        return filtered;
      }}
      onChange={(_, selected) => {
        const { tags, error: refused } = resolveTags(selected, options);
        if (refused) {
          setError(refused);
          return;
        }
        setError(null);
        setInput('');
        onChange(tags);
      }}
      renderOption={(props, option) => {
        const { key, ...rest } = props;
        return (
          <Box component="li" key={key} {...rest} data-testid={option.isNew ? `${testId}-create` : `${testId}-option`}>
            {option.isNew ? option.label : (
              <Chip size="small" label={option.name}
                sx={{ bgcolor: option.color || DEFAULT_TAG_COLOR, color: contrastText(option.color || DEFAULT_TAG_COLOR) }} />
            )}
          </Box>
        );
      }}
      renderValue={(tags, getItemProps) => tags.map((tag, index) => {
        const { key, ...itemProps } = getItemProps({ index });
        const color = tag.color || DEFAULT_TAG_COLOR;
        return <Chip key={key} {...itemProps} size="small" label={tag.name} sx={{ bgcolor: color, color: contrastText(color) }} data-testid={`${testId}-chip`} />;
      })}
      renderInput={(params) => (
        <TextField
          {...params}
          label={label}
          error={Boolean(error)}
          helperText={error ? t(error) : t('contacts.tagsField.help')}
          slotProps={{ ...params.slotProps, htmlInput: { ...params.slotProps.htmlInput, 'data-testid': testId } }}
        />
      )}
    />
  );
}
