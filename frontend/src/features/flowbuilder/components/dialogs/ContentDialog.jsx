import { useState } from 'react';
import {
  Alert, Box, Button, CircularProgress, Dialog, DialogActions, DialogContent, DialogTitle, Stack, Typography,
} from '@mui/material';
import { useTranslation } from 'react-i18next';
import useDiscardGuard from '../../../../hooks/useDiscardGuard';
import { toast } from '../../../../services/toast';
import toastError from '../../../../utils/toastError';
import { uploadContent } from '../../api/flowbuilderApi';
import { compressImage } from '../../api/compress';
import {
  cardsOf, checkContent, checkMediaFile, contentData, moveCard, newCard,
} from '../../api/nodeForms';
import ContentCard from './ContentCard';
import { VariableChips } from './NodeFormDialog';

const ADDABLE = ['message', 'interval', 'img', 'audio', 'video'];
const ADD_LABEL = { message: 'text', interval: 'interval', img: 'img', audio: 'audio', video: 'video' };

/** The chosen files go up in one POST /flowbuilder/content; each card gets its stored name. */
async function uploaded(cards) {
  const pending = cards.filter((card) => card.file);
  if (!pending.length) return cards;
  const names = await uploadContent(pending.map((card) => card.file));
  const byId = Object.fromEntries(pending.map((card, index) => [card.id, names?.[index]]));
  return cards.map((card) => (byId[card.id] ? { ...card, value: byId[card.id], file: undefined } : card));
}

/**
 * The content node ('Conteúdo', singleBlock): ordered cards of text, interval, image, audio and
 * video. Saving uploads the chosen files first (the form gives way to a spinner meanwhile).
 * As the other node dialogs (FormDialog): Escape or a click beside it asks before discarding
 * cards changed since it opened or a chosen file.
 */
export default function ContentDialog({ data, editing, variables, onSaved, onClose }) {
  const { t } = useTranslation();
  const [opened] = useState(() => cardsOf(data));
  const [cards, setCards] = useState(opened);
  const [error, setError] = useState(null);
  const [uploading, setUploading] = useState(false);

  const change = (id, patch) => setCards((now) => now.map((card) => (card.id === id ? { ...card, ...patch } : card)));
  const pickFile = async (card, file) => {
    const refused = checkMediaFile(card.type, file);
    if (refused) {
      toast.error(t(refused.key, refused.values));
      return;
    }
    try {
      const ready = card.type === 'img' ? await compressImage(file) : file;
      change(card.id, { file: ready, original: file.name });
    } catch {
      toast.error(t('flowbuilder.validation.compressFailed'));
    }
  };
  const insertVariable = (token) => {
    const last = [...cards].reverse().find((card) => card.type === 'message');
    if (last) change(last.id, { value: `${last.value}${token}` });
  };

  const dirty = cards.some((card) => card.file) || JSON.stringify(cards) !== JSON.stringify(opened);
  const [guardedClose, discardConfirmation] = useDiscardGuard({ dirty, onClose, testId: 'flow-content' });

  const save = async () => {
    const problem = checkContent(cards);
    setError(problem);
    if (problem) return;
    setUploading(true);
    try {
      const done = await uploaded(cards);
      if (!editing) toast.success(t('flowbuilder.dialog.content.added'));
      onSaved(contentData(done));
      onClose();
    } catch (failure) {
      toastError(failure);
      setUploading(false);
    }
  };

  return (
    <Dialog open fullWidth maxWidth="sm" onClose={uploading ? undefined : guardedClose} data-testid="flow-content-modal">
      <DialogTitle>{t(`flowbuilder.dialog.content.${editing ? 'editTitle' : 'addTitle'}`)}</DialogTitle>
      <DialogContent dividers>
        {uploading ? (
          <Stack spacing={2} sx={{ alignItems: 'center', p: 4 }} data-testid="flow-content-uploading">
            <CircularProgress />
            <Typography>{t('flowbuilder.dialog.content.uploading')}</Typography>
          </Stack>
        ) : (
          <Stack spacing={2}>
            {error && <Alert severity="error" data-testid="flow-content-error">{t(error)}</Alert>}
            <VariableChips variables={variables} onPick={insertVariable} />
            {cards.map((card, index) => (
              <ContentCard key={card.id} card={card} first={index === 0} last={index === cards.length - 1}
                onChange={(patch) => change(card.id, patch)} onFile={(file) => pickFile(card, file)}
                onMove={(delta) => setCards((now) => moveCard(now, index, delta))}
                onRemove={() => setCards((now) => now.filter((item) => item.id !== card.id))} />
            ))}
            <Box sx={{ display: 'flex', gap: 1, flexWrap: 'wrap' }}>
              {ADDABLE.map((type) => (
                <Button key={type} variant="outlined" size="small" data-testid={`flow-content-add-${type}`}
                  onClick={() => setCards((now) => [...now, newCard(now, type)])}>
                  {t(`flowbuilder.dialog.content.${ADD_LABEL[type]}`)}
                </Button>
              ))}
            </Box>
          </Stack>
        )}
      </DialogContent>
      <DialogActions>
        <Button onClick={onClose} disabled={uploading} data-testid="flow-content-cancel">{t('common.cancel')}</Button>
        <Button variant="contained" onClick={save} disabled={uploading} data-testid="flow-content-save">
          {editing ? t('flowbuilder.dialog.save') : t('flowbuilder.dialog.add')}
        </Button>
      </DialogActions>
      {discardConfirmation}
    </Dialog>
  );
}
