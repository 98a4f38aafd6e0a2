import { useState } from 'react';
import { Box, ButtonBase, IconButton, InputAdornment, Popover, Stack, TextField, Tooltip } from '@mui/material';
import PaletteOutlinedIcon from '@mui/icons-material/PaletteOutlined';
import { useTranslation } from 'react-i18next';
import { PALETTE, isHexColor } from '../utils/colors';

/**
 * Colour text field (hex) with a swatch that opens a palette and the browser's colour chooser.
 * onChange receives the colour text.
 */
export default function ColorPickerField({ value, onChange, label, error, helperText, testId = 'color', required, fullWidth = true }) {
  const { t } = useTranslation();
  const [anchor, setAnchor] = useState(null);
  const swatch = isHexColor(value) ? value : 'transparent';
  const choose = (color) => {
    onChange(color.toUpperCase());
    setAnchor(null);
  };

  return (
    <>
      <TextField
        label={label}
        value={value || ''}
        onChange={(e) => onChange(e.target.value)}
        error={error}
        helperText={helperText}
        required={required}
        fullWidth={fullWidth}
        slotProps={{
          htmlInput: { 'data-testid': testId, maxLength: 9 },
          input: {
            startAdornment: (
              <InputAdornment position="start">
                <Box sx={{ width: 24, height: 24, borderRadius: 1, border: 1, borderColor: 'divider', bgcolor: swatch }}
                  data-testid={`${testId}-swatch`} />
              </InputAdornment>
            ),
            endAdornment: (
              <InputAdornment position="end">
                <Tooltip title={t('colorPicker.choose')}>
                  <IconButton onClick={(e) => setAnchor(e.currentTarget)} aria-label={t('colorPicker.choose')} data-testid={`${testId}-open`}>
                    <PaletteOutlinedIcon />
                  </IconButton>
                </Tooltip>
              </InputAdornment>
            ),
          },
        }}
      />
      <Popover open={Boolean(anchor)} anchorEl={anchor} onClose={() => setAnchor(null)}
        anchorOrigin={{ vertical: 'bottom', horizontal: 'right' }} transformOrigin={{ vertical: 'top', horizontal: 'right' }}>
        <Box sx={{ p: 1.5, width: 232 }} data-testid={`${testId}-palette`}>
          <Box sx={{ display: 'grid', gridTemplateColumns: 'repeat(6, 1fr)', gap: 1 }}>
            {PALETTE.map((color) => (
              <ButtonBase key={color} onClick={() => choose(color)} aria-label={color} data-testid={`${testId}-option-${color.slice(1)}`}
                sx={{ width: 28, height: 28, borderRadius: 1, bgcolor: color, outline: value?.toUpperCase() === color ? 2 : 0, outlineColor: 'text.primary', outlineStyle: 'solid' }} />
            ))}
          </Box>
          <Stack direction="row" spacing={1} sx={{ mt: 1.5, alignItems: 'center' }}>
            <Box component="label" sx={{ fontSize: 14, color: 'text.secondary', flex: 1 }} htmlFor={`${testId}-native`}>
              {t('colorPicker.custom')}
            </Box>
            <Box component="input" type="color" id={`${testId}-native`} value={isHexColor(value) && value.length === 7 ? value : '#7C7C7C'}
              onChange={(e) => onChange(e.target.value.toUpperCase())}
              sx={{ width: 48, height: 32, p: 0, border: 0, bgcolor: 'transparent', cursor: 'pointer' }} />
          </Stack>
        </Box>
      </Popover>
    </>
  );
}
