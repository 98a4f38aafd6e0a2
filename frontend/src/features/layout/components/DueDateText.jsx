import { Typography } from '@mui/material';
import { useTranslation } from 'react-i18next';
import { daysUntilDue, dueDateSeverity, formatDate } from '../../../utils/dueDate';

const COLORS = { warning: '#facc15', error: '#f87171' };

/**
 * Company due date for admins: yellow with 1-5 days left, red when due or overdue. Whole or not
 * at all: it keeps its width beside the welcome (which shortens instead) and is left out of a
 * phone's app bar, where the due-soon warning says it instead.
 */
export default function DueDateText({ dueDate, timeZone }) {
  const { t } = useTranslation();
  if (!dueDate) return null;
  const severity = dueDateSeverity(daysUntilDue(dueDate, new Date(), timeZone));
  return (
    <Typography
      variant="body2"
      noWrap
      data-testid="due-date"
      data-severity={severity || 'ok'}
      sx={{ color: COLORS[severity] || 'inherit', fontWeight: severity ? 700 : 400, flexShrink: 0, display: { xs: 'none', sm: 'block' } }}
    >
      {t('layout.dueDate', { date: formatDate(dueDate) })}
    </Typography>
  );
}
