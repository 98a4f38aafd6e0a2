import { Box, Stack, TextField } from '@mui/material';
import { useTranslation } from 'react-i18next';
import SelectField, { enabledOptions } from '../../../../components/SelectField';
import PasswordField from '../../../../components/PasswordField';
import { CHANNELS, MODAL_CHANNELS, WHATSAPP } from '../../api/connectionRules';
import GreetingMediaField from '../GreetingMediaField';
import QueuesSelect from '../QueuesSelect';
import TokenField from '../TokenField';
import ImportFields from './ImportFields';
import { SwitchInput, TextArea, grid } from './fields';

const PROVIDERS = ['beta', 'stable'];

/** The Cloud API's phone-number id and access token (the token is write-only). */
function CloudApiFields({ form, creating }) {
  const { t } = useTranslation();
  return (
    <Box sx={{ ...grid, gridTemplateColumns: { xs: '1fr', sm: '1fr 1fr' } }}>
      <TextField {...form.field('externalId')} label={t('connections.modal.externalId')} required={creating} fullWidth
        slotProps={{ htmlInput: { 'data-testid': 'connection-externalId' } }} />
      <PasswordField {...form.field('accessToken')} label={t('connections.modal.accessToken')} required={creating} fullWidth
        helperText={form.field('accessToken').helperText || (creating ? undefined : t('connections.modal.accessTokenKeep'))}
        slotProps={{ htmlInput: { 'data-testid': 'connection-accessToken', autoComplete: 'new-password' } }} />
    </Box>
  );
}

export default function GeneralTab({ form, creating, queues, reconnectWarning }) {
  const { t } = useTranslation();
  const { channel } = form.values;
  return (
    <Stack spacing={2} sx={{ pt: 2 }}>
      <Stack direction={{ xs: 'column', sm: 'row' }} spacing={2} sx={{ alignItems: { sm: 'flex-start' } }}>
        <TextField {...form.field('name')} label={t('connections.modal.name')} required fullWidth autoFocus
          slotProps={{ htmlInput: { 'data-testid': 'connection-name' } }} />
        <SelectField {...form.field('channel')} label={t('connections.modal.channel')} testId="connection-channel-select"
          disabled={!creating} helperText={creating ? undefined : t('connections.modal.channelFixed')}
          options={(creating ? MODAL_CHANNELS : CHANNELS).map((value) => ({ value, label: t(`connections.channels.${value}`) }))} />
      </Stack>
      {channel === 'whatsappapi' && <CloudApiFields form={form} creating={creating} />}
      <Stack direction={{ xs: 'column', sm: 'row' }} spacing={2}>
        <SwitchInput form={form} name="isDefault" />
        <SwitchInput form={form} name="allowGroup" />
      </Stack>
      <Box sx={grid}>
        <SelectField {...form.field('groupAsTicket')} label={t('connections.modal.groupAsTicket')} testId="connection-groupAsTicket"
          options={enabledOptions(t)} />
        {channel === WHATSAPP && (
          <SelectField {...form.field('provider')} label={t('connections.modal.provider')} testId="connection-provider"
            options={PROVIDERS.map((value) => ({ value, label: t(`connections.providers.${value}`) }))} />
        )}
      </Box>
      <QueuesSelect value={form.values.queueIds} onChange={(ids) => form.setValue('queueIds', ids)} queues={queues}
        label={t('connections.modal.queues')} testId="connection-queues" />
      <TextArea form={form} name="greetingMessage" rows={3} />
      <GreetingMediaField form={form} />
      <TokenField token={form.values.token} creating={creating} regenerate={form.values.regenerateToken}
        onRegenerate={() => form.setValue('regenerateToken', true)} />
      {channel === WHATSAPP && <ImportFields form={form} queues={queues} reconnectWarning={reconnectWarning} />}
    </Stack>
  );
}
