import { useCallback, useEffect, useRef, useState } from 'react';
import toastError from '../../../utils/toastError';
import { isRecordingTooSmall } from '../utils/messageRules';

const BITRATE = 128000;

function pickMime() {
  if (typeof MediaRecorder === 'undefined') return '';
  return ['audio/webm;codecs=opus', 'audio/ogg;codecs=opus', 'audio/mp4', 'audio/webm'].find((m) => MediaRecorder.isTypeSupported?.(m)) || '';
}

/**
 * idle → recording → stop (answers a File, or null when under 10000 bytes) or cancel.
 * elapsed counts seconds while recording.
 */
export default function useAudioRecorder() {
  const [recording, setRecording] = useState(false);
  const [elapsed, setElapsed] = useState(0);
  const recorder = useRef(null);
  const chunks = useRef([]);
  const timer = useRef(null);

  const cleanup = useCallback(() => {
    clearInterval(timer.current);
    recorder.current?.stream?.getTracks().forEach((track) => track.stop());
    recorder.current = null;
    setRecording(false);
    setElapsed(0);
  }, []);

  useEffect(() => cleanup, [cleanup]);

  const start = useCallback(async () => {
    try {
      const stream = await navigator.mediaDevices.getUserMedia({ audio: true });
      const mimeType = pickMime();
      const rec = new MediaRecorder(stream, { ...(mimeType && { mimeType }), audioBitsPerSecond: BITRATE });
      chunks.current = [];
      rec.ondataavailable = (e) => e.data?.size && chunks.current.push(e.data);
      rec.start();
      recorder.current = rec;
      setRecording(true);
      setElapsed(0);
      timer.current = setInterval(() => setElapsed((s) => s + 1), 1000);
    } catch (error) {
      toastError(error);
      cleanup();
    }
  }, [cleanup]);

  const stop = useCallback(
    () =>
      new Promise((resolve) => {
        const rec = recorder.current;
        if (!rec) {
          resolve(null);
          return;
        }
        rec.onstop = () => {
          const type = rec.mimeType || 'audio/webm';
          const blob = new Blob(chunks.current, { type });
          cleanup();
          if (isRecordingTooSmall(blob)) {
            resolve(null);
            return;
          }
          const ext = type.includes('ogg') ? 'ogg' : type.includes('mp4') ? 'm4a' : 'webm';
          resolve(new File([blob], `audio-record-${Date.now()}.${ext}`, { type: type.split(';')[0] }));
        };
        rec.stop();
      }),
    [cleanup],
  );

  const cancel = useCallback(() => {
    const rec = recorder.current;
    if (rec) {
      rec.onstop = null;
      if (rec.state !== 'inactive') rec.stop();
    }
    chunks.current = [];
    cleanup();
  }, [cleanup]);

  return { recording, elapsed, start, stop, cancel };
}

export const formatElapsed = (seconds) => `${String(Math.floor(seconds / 60)).padStart(2, '0')}:${String(seconds % 60).padStart(2, '0')}`;
