import { Chip, Tooltip } from '@mui/material';
import SmartToyOutlinedIcon from '@mui/icons-material/SmartToyOutlined';
import { useTranslation } from 'react-i18next';

export const BOT_COLOR = '#6B5CA5';

/** "In the bot": the bot still holds the ticket (botStage), with what it waits for as a tooltip. */
export default function BotChip({ stage, testId, height = 18 }) {
  const { t } = useTranslation();
  if (!stage) return null;
  return (
    <Tooltip title={t(`tickets.bot.${stage}`)}>
      <Chip
        size="small"
        icon={<SmartToyOutlinedIcon />}
        label={t('tickets.bot.inBot')}
        data-testid={testId}
        data-stage={stage}
        sx={{
          height,
          fontSize: 11,
          bgcolor: BOT_COLOR,
          color: '#fff',
          '& .MuiChip-label': { px: 0.75 },
          '& .MuiChip-icon': { color: '#fff', fontSize: 14, ml: 0.5, mr: -0.25 },
        }}
      />
    </Tooltip>
  );
}
