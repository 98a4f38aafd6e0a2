import { useEffect, useRef } from 'react';
import { Button, Stack } from '@mui/material';
import useLocalStorage from '../../../hooks/useLocalStorage';
import { AUDIO_SPEED_KEY, nextSpeed } from '../utils/messageRules';

/** Audio with a playback speed button cycling 0.5, 1, 1.5, 2 (kept in this browser). */
export default function AudioPlayer({ src }) {
  const ref = useRef(null);
  const [speed, setSpeed] = useLocalStorage(AUDIO_SPEED_KEY, 1);
  useEffect(() => {
    if (ref.current) ref.current.playbackRate = Number(speed) || 1;
  }, [speed, src]);
  return (
    <Stack direction="row" spacing={1} sx={{ alignItems: 'center' }}>
      <audio ref={ref} controls src={src} preload="metadata" data-testid="message-audio"
        onLoadedMetadata={(e) => { e.currentTarget.playbackRate = Number(speed) || 1; }} style={{ maxWidth: 260 }} />
      <Button size="small" variant="outlined" onClick={() => setSpeed(nextSpeed(speed))} data-testid="audio-speed"
        sx={{ minWidth: 48, px: 0.5 }}>
        {`${speed}x`}
      </Button>
    </Stack>
  );
}
