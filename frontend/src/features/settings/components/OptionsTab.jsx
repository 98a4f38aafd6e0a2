import { Alert, Box, CircularProgress } from '@mui/material';
import { useTranslation } from 'react-i18next';
import { isSuper } from '../../../utils/permissions';
import { useAuth } from '../../auth/hooks/useAuth';
import { campaignsAllowed } from '../../campaigns/api/campaignRules';
import useSettings from '../hooks/useSettings';
import SettingSelect from './SettingSelect';
import SettingWithMessage from './SettingWithMessage';

const SCHEDULE_TYPES = ['disabled', 'queue', 'company', 'connection'];

/** Rendered in order; `when` hides an entry, `message` pairs a toggle with its required text. */
const OPTIONS = [
  { key: 'userRating' },
  { key: 'scheduleType', choices: SCHEDULE_TYPES },
  { key: 'sendGreetingAccepted', message: 'greetingAcceptedMessage' },
  { key: 'sendMsgTransfTicket', message: 'transferMessage' },
  { key: 'requiredTag' },
  { key: 'enableLGPD' },
  { key: 'lgpdHideNumber', when: ({ values }) => values.enableLGPD === 'enabled' },
  { key: 'lgpdDeleteMessage', when: ({ values }) => values.enableLGPD === 'enabled' },
  { key: 'sendSignMessage' },
  { key: 'showNotificationPending' },
  { key: 'campaignsEnabled', when: ({ user }) => campaignsAllowed(user) },
  { key: 'allowSignup', when: ({ user }) => isSuper(user) },
  { key: 'userCreation', when: ({ user }) => isSuper(user) },
];

export default function OptionsTab() {
  const { t } = useTranslation();
  const { user } = useAuth();
  const { values, error, isLoading, save } = useSettings();

  if (isLoading) return <CircularProgress sx={{ m: 4 }} />;
  if (error) return <Alert severity="error">{t('errors.listLoad')}</Alert>;

  const visible = OPTIONS.filter((option) => !option.when || option.when({ values, user }));
  return (
    <Box
      data-testid="settings-options"
      sx={{ display: 'grid', gap: 2, p: 2, gridTemplateColumns: { xs: '1fr', md: 'repeat(2, 1fr)', lg: 'repeat(3, 1fr)' } }}
    >
      {visible.map(({ key, choices, message }) =>
        message ? (
          <SettingWithMessage key={key} settingKey={key} messageKey={message} values={values} save={save} />
        ) : (
          <SettingSelect
            key={key}
            settingKey={key}
            value={values[key]}
            options={choices?.map((value) => ({ value, label: t(`settings.scheduleTypes.${value}`) }))}
            onChange={(value) => save(key, value)}
          />
        ),
      )}
    </Box>
  );
}
