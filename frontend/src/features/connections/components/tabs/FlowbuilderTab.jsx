import { Alert, Stack } from '@mui/material';
import { useTranslation } from 'react-i18next';
import { IdSelect } from './fields';

/** The flows a new contact (welcome) or an unmatched phrase starts. */
export default function FlowbuilderTab({ form, flows }) {
  const { t } = useTranslation();
  return (
    <Stack spacing={2} sx={{ pt: 2 }}>
      <Alert severity="info">{t('connections.modal.flowbuilderHelp')}</Alert>
      <IdSelect form={form} name="flowIdWelcome" items={flows} />
      <IdSelect form={form} name="flowIdNotPhrase" items={flows} />
    </Stack>
  );
}
