import { Checkbox, FormControlLabel, Stack, Switch } from '@mui/material';
import { useTranslation } from 'react-i18next';
import SelectField, { enabledOptions } from '../../../components/SelectField';
import { SHOWN_PERMISSIONS } from '../api/userPayload';

export default function UserPermissionFields({ form, canSetSuper }) {
  const { t } = useTranslation();
  const enableOptions = [
    { value: 'enable', label: t('common.enabled') },
    { value: 'disable', label: t('common.disabled') },
  ];

  return (
    <Stack spacing={2} sx={{ pt: 2 }}>
      <SelectField {...form.field('allTicket')} label={t('userModal.allTicket')} testId="user-allTicket" options={enableOptions} />
      <FormControlLabel
        control={
          <Switch checked={Boolean(form.values.allowGroup)} onChange={(e) => form.setValue('allowGroup', e.target.checked)}
            slotProps={{ input: { 'data-testid': 'user-allowGroup' } }} />
        }
        label={t('userModal.allowGroup')}
      />
      {SHOWN_PERMISSIONS.map((key) => (
        <SelectField key={key} {...form.field(key)} label={t(`userModal.${key}`)} testId={`user-${key}`} options={enabledOptions(t)} />
      ))}
      {canSetSuper && (
        <FormControlLabel
          control={
            <Checkbox checked={Boolean(form.values.super)} onChange={(e) => form.setValue('super', e.target.checked)}
              slotProps={{ input: { 'data-testid': 'user-super' } }} />
          }
          label={t('userModal.super')}
        />
      )}
    </Stack>
  );
}
