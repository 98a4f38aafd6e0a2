import { Box, LinearProgress, Typography } from '@mui/material';
import { useTranslation } from 'react-i18next';
import { passwordLevel, passwordScore } from '../../../utils/passwordStrength';

const COLORS = { weak: 'error', medium: 'warning', strong: 'success' };

export default function PasswordStrength({ password }) {
  const { t } = useTranslation();
  if (!password) return null;
  const score = passwordScore(password);
  const level = passwordLevel(score);
  return (
    <Box sx={{ mt: 0.5 }} data-testid="password-strength" data-score={score} data-level={level}>
      <LinearProgress variant="determinate" value={score * 20} color={COLORS[level]} />
      <Typography variant="caption" color={`${COLORS[level]}.main`}>
        {t('login.strength.label', { level: t(`login.strength.${level}`) })}
      </Typography>
    </Box>
  );
}
