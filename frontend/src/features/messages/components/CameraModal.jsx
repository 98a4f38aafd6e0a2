import { useEffect, useRef, useState } from 'react';
import { Alert, Box, Button, Dialog, DialogActions, DialogContent, DialogTitle } from '@mui/material';
import { useTranslation } from 'react-i18next';
import toastError from '../../../utils/toastError';

/** Takes a photo with the camera (getUserMedia) and hands it over as a JPEG file. */
export default function CameraModal({ open, onClose, onCapture }) {
  const { t } = useTranslation();
  const video = useRef(null);
  const [stream, setStream] = useState(null);
  const [failed, setFailed] = useState(false);

  useEffect(() => {
    if (!open) return undefined;
    let current = null;
    setFailed(false);
    navigator.mediaDevices?.getUserMedia({ video: true })
      .then((s) => {
        current = s;
        setStream(s);
        if (video.current) video.current.srcObject = s;
      })
      .catch((error) => {
        setFailed(true);
        toastError(error);
      });
    if (!navigator.mediaDevices) setFailed(true);
    return () => {
      current?.getTracks().forEach((track) => track.stop());
      setStream(null);
    };
  }, [open]);

  const capture = () => {
    const el = video.current;
    if (!el) return;
    const canvas = document.createElement('canvas');
    canvas.width = el.videoWidth || 640;
    canvas.height = el.videoHeight || 480;
    canvas.getContext('2d').drawImage(el, 0, 0, canvas.width, canvas.height);
    canvas.toBlob((blob) => {
      if (!blob) return;
      onCapture(new File([blob], `camera-${Date.now()}.jpg`, { type: 'image/jpeg' }));
      onClose();
    }, 'image/jpeg', 0.9);
  };

  return (
    <Dialog open={open} onClose={onClose} maxWidth="sm" fullWidth data-testid="camera-modal">
      <DialogTitle>{t('messageInput.camera.title')}</DialogTitle>
      <DialogContent>
        {failed ? (
          <Alert severity="error">{t('messageInput.camera.unavailable')}</Alert>
        ) : (
          <Box component="video" ref={video} autoPlay playsInline muted sx={{ width: '100%', borderRadius: 1, bgcolor: '#000' }} />
        )}
      </DialogContent>
      <DialogActions>
        <Button onClick={onClose}>{t('common.cancel')}</Button>
        <Button variant="contained" onClick={capture} disabled={!stream} data-testid="camera-capture">
          {t('messageInput.camera.capture')}
        </Button>
      </DialogActions>
    </Dialog>
  );
}
