import { useEffect, useState } from 'react';
import { Box, Typography } from '@mui/material';
import { mediaObjectUrl } from '../../api/flowbuilderApi';

/** The URL to show a card's media: its chosen file, else its stored name fetched through the API. */
function useMediaUrl(file, stored) {
  const [url, setUrl] = useState(null);
  useEffect(() => {
    let gone = false;
    let made = null;
    setUrl(null);
    if (file) {
      made = URL.createObjectURL(file);
      setUrl(made);
    } else if (stored) {
      mediaObjectUrl(stored).then((value) => {
        made = value;
        if (gone) URL.revokeObjectURL(value);
        else setUrl(value);
      }, () => {});
    }
    return () => {
      gone = true;
      if (made) URL.revokeObjectURL(made);
    };
  }, [file, stored]);
  return url;
}

/** A content card's image, audio or video preview, with its original file name. */
export default function MediaPreview({ type, file, stored, original }) {
  const url = useMediaUrl(file, stored);
  return (
    <Box data-testid="flow-media-preview">
      {url && type === 'img' && <Box component="img" src={url} alt={original} sx={{ maxWidth: '100%', maxHeight: 160, borderRadius: 1 }} />}
      {url && type === 'audio' && <audio src={url} controls style={{ width: '100%' }} />}
      {url && type === 'video' && <video src={url} controls style={{ maxWidth: '100%', maxHeight: 200 }} />}
      {original && <Typography variant="caption" color="text.secondary" component="div">{original}</Typography>}
    </Box>
  );
}
