import { useState } from 'react';
import { Autocomplete, Avatar, Box, CircularProgress, TextField, Typography } from '@mui/material';
import { useTranslation } from 'react-i18next';
import useContactSearch, { CONTACT_SEARCH_MIN } from '../hooks/useContactSearch';

const ADD = '__add__';

/**
 * Contact search box (from 3 characters, 500 ms debounce). With onAdd, typing 3 or more
 * characters also offers to create a contact named as typed.
 */
export default function ContactPicker({ value, onChange, onAdd, label, testId = 'contact-picker', autoFocus }) {
  const { t } = useTranslation();
  const [input, setInput] = useState('');
  const { contacts, loading } = useContactSearch(input);
  const canAdd = Boolean(onAdd) && input.trim().length >= CONTACT_SEARCH_MIN;
  const options = canAdd ? [...contacts, { id: ADD, name: input.trim() }] : contacts;

  return (
    <Autocomplete
      options={options}
      value={value}
      filterOptions={(x) => x}
      loading={loading}
      isOptionEqualToValue={(option, selected) => option.id === selected.id}
      getOptionLabel={(option) => option?.name || ''}
      onInputChange={(_, text, reason) => reason !== 'reset' && setInput(text)}
      noOptionsText={input.trim().length < CONTACT_SEARCH_MIN ? t('tickets.newTicket.typeToSearch') : t('tickets.newTicket.noContacts')}
      onChange={(_, option) => {
        if (option?.id === ADD) onAdd(option.name);
        else onChange(option);
      }}
      renderOption={(props, option) => {
        const { key, ...rest } = props;
        return (
          <Box component="li" key={key} {...rest} data-testid={option.id === ADD ? `${testId}-add` : `${testId}-option`}
            sx={{ display: 'flex', gap: 1, alignItems: 'center' }}>
            {option.id === ADD ? (
              <Typography color="primary">{t('tickets.newTicket.addContact', { name: option.name })}</Typography>
            ) : (
              <>
                <Avatar src={option.urlPicture || undefined} sx={{ width: 28, height: 28 }}>{option.name?.[0]}</Avatar>
                <Box>
                  <Typography variant="body2">{option.name}</Typography>
                  <Typography variant="caption" color="text.secondary">{option.number}</Typography>
                </Box>
              </>
            )}
          </Box>
        );
      }}
      renderInput={(params) => (
        <TextField
          {...params}
          label={label || t('tickets.newTicket.contact')}
          autoFocus={autoFocus}
          slotProps={{
            ...params.slotProps,
            input: {
              ...params.slotProps.input,
              endAdornment: (
                <>
                  {loading && <CircularProgress size={18} />}
                  {params.slotProps.input.endAdornment}
                </>
              ),
            },
            htmlInput: { ...params.slotProps.htmlInput, 'data-testid': testId },
          }}
        />
      )}
    />
  );
}
