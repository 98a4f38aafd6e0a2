import { useState } from 'react';
import {
  Alert, Button, Checkbox, FormControlLabel, LinearProgress, Typography,
} from '@mui/material';
import UploadFileIcon from '@mui/icons-material/UploadFile';
import { useTranslation } from 'react-i18next';
import { toast } from '../../../../services/toast';
import { uploadAudio, uploadImage, uploadVideo } from '../../api/flowbuilderApi';
import { compressImage } from '../../api/compress';
import { NODE_MEDIA, checkMediaFile, mediaNodeData } from '../../api/nodeForms';
import MediaPreview from './MediaPreview';
import NodeFormDialog from './NodeFormDialog';

/** Each kind's upload endpoint (looked up when used). */
function upload(kind, file) {
  if (kind === 'img') return uploadImage(file);
  if (kind === 'audio') return uploadAudio(file);
  return uploadVideo(file);
}

/**
 * The legacy image, audio and video nodes: one file of the kind, checked for type and size
 * before it goes up through the flow media endpoints; the node keeps its stored name (url).
 * Editing without choosing another file keeps the stored one.
 */
export default function MediaNodeDialog({ kind, data, editing, onSaved, onClose }) {
  const { t } = useTranslation();
  const [file, setFile] = useState(null);
  const [original, setOriginal] = useState(data?.original || '');
  const [record, setRecord] = useState(data?.record ?? true);
  const [missing, setMissing] = useState(false);
  const [uploading, setUploading] = useState(false);
  const stored = data?.url || '';

  const pick = async (chosen) => {
    const refused = checkMediaFile(kind, chosen, NODE_MEDIA);
    if (refused) {
      toast.error(t(refused.key, refused.values));
      return;
    }
    try {
      setFile(kind === 'img' ? await compressImage(chosen) : chosen);
      setOriginal(chosen.name);
      setMissing(false);
    } catch {
      toast.error(t('flowbuilder.validation.compressFailed'));
    }
  };

  const submit = async () => {
    setUploading(true);
    try {
      const url = file ? await upload(kind, file) : stored;
      return mediaNodeData(kind, { url, original, record });
    } finally {
      setUploading(false);
    }
  };

  return (
    <NodeFormDialog kind={kind} editing={editing} testId={`flow-${kind}`} onSaved={onSaved} onClose={onClose} dirty={Boolean(file)}
      successMessage={kind === 'audio' && file ? t('flowbuilder.dialog.audio.added') : undefined}
      validate={() => {
        setMissing(!file && !stored);
        return Boolean(file || stored);
      }}
      onSubmit={submit}>
      {kind === 'video' && <Typography variant="caption" color="warning.main">{t('flowbuilder.dialog.content.videoWarning')}</Typography>}
      {missing && <Alert severity="error" data-testid={`flow-${kind}-missing`}>{t('flowbuilder.validation.fileMissing')}</Alert>}
      <MediaPreview type={kind} file={file} stored={file ? null : stored} original={original} />
      <Button component="label" variant="outlined" size="small" startIcon={<UploadFileIcon />} sx={{ alignSelf: 'flex-start' }}
        disabled={uploading}>
        {t(`flowbuilder.dialog.${kind}.send`)}
        <input hidden type="file" accept={NODE_MEDIA[kind].accept} data-testid={`flow-${kind}-file`}
          onChange={(e) => {
            const chosen = e.target.files?.[0];
            e.target.value = '';
            if (chosen) pick(chosen);
          }} />
      </Button>
      {kind === 'audio' && (
        <FormControlLabel label={t('flowbuilder.dialog.content.record')}
          control={<Checkbox checked={Boolean(record)} onChange={(e) => setRecord(e.target.checked)} data-testid="flow-audio-record" />} />
      )}
      {uploading && <LinearProgress data-testid={`flow-${kind}-uploading`} />}
    </NodeFormDialog>
  );
}

export const ImageDialog = (props) => <MediaNodeDialog kind="img" {...props} />;
export const AudioDialog = (props) => <MediaNodeDialog kind="audio" {...props} />;
export const VideoDialog = (props) => <MediaNodeDialog kind="video" {...props} />;
