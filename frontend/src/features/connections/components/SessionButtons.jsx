import { Button, Stack } from '@mui/material';
import { useTranslation } from 'react-i18next';
import { sessionActions } from '../api/connectionRules';

const COLORS = { disconnect: 'error', qrcode: 'success' };

/** The session buttons of a connection's status (spec/2 §4). */
export default function SessionButtons({ connection, onSession }) {
  const { t } = useTranslation();
  return (
    <Stack direction="row" spacing={1} sx={{ justifyContent: 'center' }}>
      {sessionActions(connection).map((action) => (
        <Button key={action} size="small" variant="outlined" disabled={action === 'connecting'} color={COLORS[action] || 'primary'}
          onClick={() => onSession(connection, action)} data-testid={`connection-session-${action}`}>
          {t(`connections.session.${action}`)}
        </Button>
      ))}
    </Stack>
  );
}
