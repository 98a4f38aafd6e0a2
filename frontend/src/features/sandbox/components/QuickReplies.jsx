import { useMemo, useState } from 'react';
import { Box, Chip, IconButton, Popover, Stack, Tooltip, Typography } from '@mui/material';
import MoreHorizIcon from '@mui/icons-material/MoreHoriz';
import { useTranslation } from 'react-i18next';
import { RATING_VALUES, chipText, quickReplies } from '../api/quickReplies';

const chipSx = { height: 26, flexShrink: 0 };

/** Every typical answer, whatever the bot sent last: a rating, LGPD's 1/2, back and leave. */
function AllAnswers({ onPick }) {
  const { t } = useTranslation();
  const [anchor, setAnchor] = useState(null);
  const pick = (value) => {
    setAnchor(null);
    onPick(value);
  };
  const groups = [
    { key: 'rating', chips: RATING_VALUES.map((value) => ({ value, text: value })) },
    { key: 'lgpd', chips: [{ value: '1', text: t('sandbox.quick.lgpdYes') }, { value: '2', text: t('sandbox.quick.lgpdNo') }] },
    { key: 'navigation', chips: [{ value: '#', text: t('sandbox.quick.back') }, { value: 'sair', text: t('sandbox.quick.leave') }] },
  ];
  return (
    <>
      <Tooltip title={t('sandbox.quick.more')}>
        <IconButton size="small" onClick={(e) => setAnchor(e.currentTarget)} aria-label={t('sandbox.quick.more')}
          data-testid="simulate-quick-more" sx={{ flexShrink: 0 }}>
          <MoreHorizIcon fontSize="small" />
        </IconButton>
      </Tooltip>
      <Popover open={Boolean(anchor)} anchorEl={anchor} onClose={() => setAnchor(null)}
        anchorOrigin={{ vertical: 'top', horizontal: 'left' }} transformOrigin={{ vertical: 'bottom', horizontal: 'left' }}>
        <Stack spacing={1.25} sx={{ p: 1.5, width: 300 }} data-testid="simulate-quick-menu">
          {groups.map((group) => (
            <Box key={group.key}>
              <Typography variant="caption" color="text.secondary">{t(`sandbox.quick.groups.${group.key}`)}</Typography>
              <Box sx={{ display: 'flex', flexWrap: 'wrap', gap: 0.5, mt: 0.25 }}>
                {group.chips.map((chip) => (
                  <Chip key={`${group.key}-${chip.value}`} size="small" label={chip.text} onClick={() => pick(chip.value)}
                    data-testid={`simulate-quick-${group.key}-${chip.value}`} />
                ))}
              </Box>
            </Box>
          ))}
        </Stack>
      </Popover>
    </>
  );
}

/**
 * One click answers as the customer: the options of the menu the bot showed last, a 0–10
 * rating when it asks for one, else a greeting to start; the "…" menu has every other one.
 */
export default function QuickReplies({ timeline, onPick, disabled }) {
  const { t } = useTranslation();
  const { kind, chips } = useMemo(() => quickReplies(timeline), [timeline]);
  const shown = kind === 'start' ? [{ value: t('sandbox.quick.hello'), label: '' }] : chips;
  return (
    <Box sx={{ display: 'flex', alignItems: 'center', gap: 0.5, px: 1, pt: 0.75, overflowX: 'auto' }}
      data-testid="simulate-quick" data-kind={kind}>
      {shown.map((chip) => (
        <Chip key={chip.value} size="small" variant="outlined" color="primary" label={chipText(chip)} title={chip.label || undefined}
          disabled={disabled} onClick={() => onPick(chip.value)} sx={chipSx} data-testid="simulate-chip" data-value={chip.value} />
      ))}
      <AllAnswers onPick={onPick} />
    </Box>
  );
}
