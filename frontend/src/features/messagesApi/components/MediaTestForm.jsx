import { Box, Button, Card, CardContent, CardHeader, FormHelperText, Stack, TextField, Typography } from '@mui/material';
import AttachFileIcon from '@mui/icons-material/AttachFile';
import { useTranslation } from 'react-i18next';
import { MEDIA_DEFAULTS, validateMedia } from '../api/messageForm';
import { sendMedia } from '../api/externalApi';
import ApiAnswer from './ApiAnswer';
import TokenNumberFields from './TokenNumberFields';
import useSendForm from './useSendForm';

/** Sends a file through POST /api/messages/send (multipart, field 'medias'). */
export default function MediaTestForm() {
  const { t } = useTranslation();
  const { form, answer, sending, onSubmit } = useSendForm(MEDIA_DEFAULTS, validateMedia,
    (values) => sendMedia(values.token.trim(), { number: values.number.trim(), body: values.body, file: values.file }));
  const fileError = form.errors.file;
  return (
    <Card variant="outlined">
      <CardHeader title={t('messagesApi.media.title')} subheader={t('messagesApi.media.subtitle')} />
      <CardContent>
        <Stack component="form" spacing={2} onSubmit={onSubmit} noValidate data-testid="api-media-form">
          <TokenNumberFields form={form} prefix="api-media" />
          <TextField {...form.field('body')} label={t('messagesApi.form.caption')} multiline minRows={2}
            slotProps={{ htmlInput: { 'data-testid': 'api-media-body' } }} />
          <Stack direction="row" spacing={2} sx={{ alignItems: 'center' }}>
            <Button component="label" variant="outlined" startIcon={<AttachFileIcon />}>
              {t('messagesApi.form.file')}
              <input type="file" hidden data-testid="api-media-file"
                onChange={(e) => { form.setValue('file', e.target.files?.[0] || null); e.target.value = ''; }} />
            </Button>
            <Typography variant="body2" noWrap data-testid="api-media-file-name">{form.values.file?.name || ''}</Typography>
          </Stack>
          {fileError && <FormHelperText error>{form.message(fileError)}</FormHelperText>}
          <Box><Button type="submit" variant="contained" disabled={sending} data-testid="api-media-send">{t('messagesApi.send')}</Button></Box>
          <ApiAnswer answer={answer} testId="api-media-answer" />
        </Stack>
      </CardContent>
    </Card>
  );
}
