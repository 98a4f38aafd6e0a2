import { Alert, Box, Stack } from '@mui/material';
import { useTranslation } from 'react-i18next';
import { NumberInput, TextArea, grid } from './fields';

/** The rating (NPS) question, how long a rating waits and how many times it is asked. */
export default function AssessmentsTab({ form, ratingRequired }) {
  const { t } = useTranslation();
  return (
    <Stack spacing={2} sx={{ pt: 2 }}>
      <Alert severity={ratingRequired ? 'warning' : 'info'}>
        {ratingRequired ? t('connections.modal.ratingOn') : t('connections.modal.ratingOff')}
      </Alert>
      <TextArea form={form} name="ratingMessage" rows={3} />
      <Box sx={{ ...grid, gridTemplateColumns: { xs: '1fr', sm: '1fr 1fr' } }}>
        <NumberInput form={form} name="expiresTicketNPS" />
        <NumberInput form={form} name="maxUseBotQueuesNPS" />
      </Box>
    </Stack>
  );
}
