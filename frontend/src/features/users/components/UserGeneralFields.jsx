import { Box, Chip, MenuItem, Stack, TextField } from '@mui/material';
import { useTranslation } from 'react-i18next';
import PasswordField from '../../../components/PasswordField';
import SelectField from '../../../components/SelectField';

const WORK_TIME_STEP = 600;

function QueuesField({ form, queues }) {
  const { t } = useTranslation();
  const byId = Object.fromEntries(queues.map((queue) => [queue.id, queue]));
  return (
    <TextField
      select
      fullWidth
      label={t('userModal.queues')}
      value={form.values.queueIds}
      onChange={(e) => form.setValue('queueIds', e.target.value)}
      slotProps={{
        select: {
          multiple: true,
          renderValue: (ids) => (
            <Box sx={{ display: 'flex', flexWrap: 'wrap', gap: 0.5 }}>
              {ids.filter((id) => byId[id]).map((id) => (
                <Chip key={id} size="small" label={byId[id].name} sx={{ bgcolor: byId[id].color, color: '#fff' }} />
              ))}
            </Box>
          ),
        },
      }}
      data-testid="user-queues"
    >
      {queues.map((queue) => (
        <MenuItem key={queue.id} value={queue.id}>{queue.name}</MenuItem>
      ))}
    </TextField>
  );
}

/** queues: the company's queues, or null while queues can't be listed (the selector hides). */
export default function UserGeneralFields({ form, isNew, queues }) {
  const { t } = useTranslation();
  const options = (prefix, values) => values.map((value) => ({ value, label: t(`${prefix}.${value}`) }));
  const input = (testId) => ({ htmlInput: { 'data-testid': testId } });

  return (
    <Stack spacing={2} sx={{ pt: 2 }}>
      <Stack direction={{ xs: 'column', sm: 'row' }} spacing={2}>
        <TextField {...form.field('name')} label={t('userModal.name')} required fullWidth autoFocus slotProps={input('user-name')} />
        <PasswordField {...form.field('password')} label={t('userModal.password')} required={isNew} fullWidth
          autoComplete="new-password" slotProps={input('user-password')} />
      </Stack>
      <Stack direction={{ xs: 'column', sm: 'row' }} spacing={2}>
        <TextField {...form.field('email')} label={t('userModal.email')} type="email" required fullWidth slotProps={input('user-email')} />
        <SelectField {...form.field('profile')} label={t('userModal.profile')} testId="user-profile"
          options={options('users.profiles', ['admin', 'user'])} />
      </Stack>
      {queues && <QueuesField form={form} queues={queues} />}
      <Stack direction={{ xs: 'column', sm: 'row' }} spacing={2}>
        <TextField {...form.field('startWork')} label={t('userModal.startWork')} type="time" fullWidth
          slotProps={{ inputLabel: { shrink: true }, htmlInput: { step: WORK_TIME_STEP, 'data-testid': 'user-start-work' } }} />
        <TextField {...form.field('endWork')} label={t('userModal.endWork')} type="time" fullWidth
          slotProps={{ inputLabel: { shrink: true }, htmlInput: { step: WORK_TIME_STEP, 'data-testid': 'user-end-work' } }} />
      </Stack>
      <TextField {...form.field('farewellMessage')} label={t('userModal.farewellMessage')} multiline minRows={2} fullWidth />
      <Stack direction={{ xs: 'column', sm: 'row' }} spacing={2}>
        <SelectField {...form.field('defaultTheme')} label={t('userModal.defaultTheme')} testId="user-default-theme"
          options={options('userModal.themes', ['light', 'dark'])} />
        <SelectField {...form.field('defaultMenu')} label={t('userModal.defaultMenu')} testId="user-default-menu"
          options={options('userModal.menus', ['open', 'closed'])} />
      </Stack>
    </Stack>
  );
}
