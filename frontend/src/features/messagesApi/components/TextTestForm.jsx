import useSWR from 'swr';
import { Box, Button, Card, CardContent, CardHeader, FormControlLabel, Stack, Switch, TextField } from '@mui/material';
import { useTranslation } from 'react-i18next';
import SelectField from '../../../components/SelectField';
import { TEXT_DEFAULTS, textPayload, validateText } from '../api/messageForm';
import { sendText } from '../api/externalApi';
import ApiAnswer from './ApiAnswer';
import TokenNumberFields from './TokenNumberFields';
import useSendForm from './useSendForm';

const listOf = (data, key) => (Array.isArray(data) ? data : data?.[key] || []);

/** Sends a text through POST /api/messages/send (JSON). */
export default function TextTestForm() {
  const { t } = useTranslation();
  const { form, answer, sending, onSubmit } = useSendForm(TEXT_DEFAULTS, validateText, (values) => sendText(values.token.trim(), textPayload(values)));
  const users = listOf(useSWR('/users/list').data, 'users');
  const queues = listOf(useSWR('/queue').data, 'queues');
  const none = { value: '', label: t('messagesApi.form.none') };
  const flag = (name) => (
    <FormControlLabel label={t(`messagesApi.form.${name}`)} control={(
      <Switch checked={form.values[name]} onChange={(e) => form.setValue(name, e.target.checked)} slotProps={{ input: { 'data-testid': `api-text-${name}` } }} />
    )} />
  );
  return (
    <Card variant="outlined">
      <CardHeader title={t('messagesApi.text.title')} subheader={t('messagesApi.text.subtitle')} />
      <CardContent>
        <Stack component="form" spacing={2} onSubmit={onSubmit} noValidate data-testid="api-text-form">
          <TokenNumberFields form={form} prefix="api-text" />
          <TextField {...form.field('body')} label={t('messagesApi.form.body')} required multiline minRows={3}
            slotProps={{ htmlInput: { 'data-testid': 'api-text-body' } }} />
          <Box sx={{ display: 'grid', gridTemplateColumns: { xs: '1fr', md: '1fr 1fr' }, gap: 2 }}>
            <SelectField {...form.field('userId')} label={t('messagesApi.form.userId')} testId="api-text-user"
              options={[none, ...users.map((user) => ({ value: user.id, label: user.name }))]} />
            <SelectField {...form.field('queueId')} label={t('messagesApi.form.queueId')} testId="api-text-queue"
              options={[none, ...queues.map((queue) => ({ value: queue.id, label: queue.name }))]} />
          </Box>
          <Stack direction="row" spacing={2}>{flag('sendSignature')}{flag('closeTicket')}</Stack>
          <Box><Button type="submit" variant="contained" disabled={sending} data-testid="api-text-send">{t('messagesApi.send')}</Button></Box>
          <ApiAnswer answer={answer} testId="api-text-answer" />
        </Stack>
      </CardContent>
    </Card>
  );
}
