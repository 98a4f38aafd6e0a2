import { useState } from 'react';
import { Box, IconButton, Popover, Slider, Tooltip } from '@mui/material';
import VolumeUpIcon from '@mui/icons-material/VolumeUp';
import VolumeOffIcon from '@mui/icons-material/VolumeOff';
import { useTranslation } from 'react-i18next';
import useLocalStorage from '../../../hooks/useLocalStorage';

export const VOLUME_KEY = 'volume';

/** Notification volume 0..1 (step 0.1), kept in this browser. */
export default function VolumeControl() {
  const { t } = useTranslation();
  const [anchor, setAnchor] = useState(null);
  const [volume, setVolume] = useLocalStorage(VOLUME_KEY, 1);
  return (
    <>
      <Tooltip title={t('layout.volume')}>
        <IconButton color="inherit" onClick={(e) => setAnchor(e.currentTarget)} data-testid="volume-button" aria-label={t('layout.volume')}>
          {volume > 0 ? <VolumeUpIcon /> : <VolumeOffIcon />}
        </IconButton>
      </Tooltip>
      <Popover open={Boolean(anchor)} anchorEl={anchor} onClose={() => setAnchor(null)}
        anchorOrigin={{ vertical: 'bottom', horizontal: 'center' }} transformOrigin={{ vertical: 'top', horizontal: 'center' }}>
        <Box sx={{ px: 3, py: 2, width: 200 }}>
          <Slider
            value={volume}
            min={0}
            max={1}
            step={0.1}
            onChange={(_, value) => setVolume(value)}
            aria-label={t('layout.volume')}
            valueLabelDisplay="auto"
            data-testid="volume-slider"
          />
        </Box>
      </Popover>
    </>
  );
}
