import { useState } from 'react';
import useSWR from 'swr';
import { Link as RouterLink } from 'react-router';
import {
  Alert, Box, Button, ButtonBase, Chip, Divider, Link, Popover, Stack, TextField, Typography,
} from '@mui/material';
import ScheduleIcon from '@mui/icons-material/Schedule';
import { useTranslation } from 'react-i18next';
import { isAdmin } from '../../../utils/permissions';
import { useAuth } from '../../auth/hooks/useAuth';
import { canManageConnections } from '../../connections/api/connectionRules';
import {
  CLOCK_PRESETS, formatPretend, hoursLink, isShifted, presetAt, pretendNow, wallText,
} from '../api/clock';
import useSandboxClock from '../hooks/useSandboxClock';

/** Where the hours the bot checks are set, with a link for who may open that screen. */
function HoursLink({ connectionId, onLeave }) {
  const { t } = useTranslation();
  const { user } = useAuth();
  // A company that never saved the option has no row (404): its hours are off.
  const { data, error } = useSWR('/setting/scheduleType', { shouldRetryOnError: false, revalidateOnFocus: false });
  if (data === undefined && !error) return null;
  const scheduleType = typeof data === 'object' ? data?.value : data;
  const { mode, to } = hoursLink(scheduleType, connectionId);
  const allowed = mode === 'connection' ? canManageConnections(user) : isAdmin(user);
  return (
    <Box data-testid="simulate-hours" data-mode={mode}>
      <Typography variant="body2" color="text.secondary">{t(`sandbox.clock.hours.${mode}`)}</Typography>
      {allowed && (
        <Link component={RouterLink} to={to} onClick={onLeave} variant="body2" data-testid="simulate-hours-link">
          {t(`sandbox.clock.hours.${mode}Link`)}
        </Link>
      )}
    </Box>
  );
}

/**
 * The pretend time of a sandbox connection's bot: a badge in the panel's bar (highlighted
 * while shifted) and, for who manages connections, presets and a picker in the company's zone.
 */
export default function ClockControl({ connectionId, onLeave }) {
  const { t, i18n } = useTranslation();
  const { user } = useAuth();
  const { clock, now, saving, set } = useSandboxClock(connectionId);
  const [anchor, setAnchor] = useState(null);
  const [custom, setCustom] = useState('');
  const manager = canManageConnections(user);
  if (!clock) return null;

  const shifted = isShifted(clock);
  const zone = clock.timezone;
  const pretend = pretendNow(clock.clockOffset, now);
  const label = shifted ? formatPretend(pretend, zone, i18n.language) : t('sandbox.clock.real');

  const open = (event) => {
    setCustom(wallText(pretend, zone));
    setAnchor(event.currentTarget);
  };
  const choose = async (at) => {
    if (await set(at)) setAnchor(null);
  };

  return (
    <>
      <ButtonBase onClick={open} aria-label={t('sandbox.clock.title')} data-testid="simulate-clock"
        sx={{ borderRadius: 3, flexShrink: 0 }}>
        <Chip
          size="small"
          icon={<ScheduleIcon />}
          label={label}
          data-testid="simulate-clock-badge"
          data-shifted={shifted}
          color={shifted ? 'warning' : 'default'}
          sx={shifted ? { fontWeight: 600, cursor: 'pointer' } : { color: 'grey.300', bgcolor: 'transparent', cursor: 'pointer', '& .MuiChip-icon': { color: 'grey.300' } }}
        />
      </ButtonBase>
      <Popover open={Boolean(anchor)} anchorEl={anchor} onClose={() => setAnchor(null)}
        anchorOrigin={{ vertical: 'bottom', horizontal: 'right' }} transformOrigin={{ vertical: 'top', horizontal: 'right' }}>
        <Stack spacing={1.5} sx={{ p: 2, width: 320 }} data-testid="simulate-clock-menu">
          <Box>
            <Typography variant="subtitle2">{t('sandbox.clock.title')}</Typography>
            <Typography variant="body2" color="text.secondary">{t('sandbox.clock.help', { zone })}</Typography>
          </Box>
          {shifted && (
            <Alert severity="warning" sx={{ py: 0 }} data-testid="simulate-clock-shifted">
              {t('sandbox.clock.shifted', { at: formatPretend(pretend, zone, i18n.language) })}
            </Alert>
          )}
          {manager ? (
            <>
              <Box sx={{ display: 'flex', flexWrap: 'wrap', gap: 0.75 }}>
                {CLOCK_PRESETS.map((preset) => (
                  <Chip key={preset.key} label={t(`sandbox.clock.presets.${preset.key}`)} disabled={saving}
                    color={preset.key === 'real' ? 'primary' : 'default'} variant={preset.key === 'real' ? 'filled' : 'outlined'}
                    onClick={() => choose(presetAt(preset, now, zone))} data-testid={`simulate-clock-preset-${preset.key}`} />
                ))}
              </Box>
              <Stack direction="row" spacing={1} sx={{ alignItems: 'center' }}>
                <TextField type="datetime-local" size="small" label={t('sandbox.clock.custom')} value={custom}
                  onChange={(e) => setCustom(e.target.value)} sx={{ flex: 1 }}
                  slotProps={{ inputLabel: { shrink: true }, htmlInput: { 'data-testid': 'simulate-clock-input' } }} />
                <Button variant="contained" size="small" disabled={saving || !custom} onClick={() => choose(custom)}
                  data-testid="simulate-clock-apply">
                  {t('sandbox.clock.apply')}
                </Button>
              </Stack>
            </>
          ) : (
            <Typography variant="body2" color="text.secondary">{t('sandbox.clock.onlyManagers')}</Typography>
          )}
          <Divider />
          <HoursLink connectionId={connectionId} onLeave={onLeave} />
        </Stack>
      </Popover>
    </>
  );
}
