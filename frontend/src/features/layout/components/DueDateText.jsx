import { Typography } from '@mui/material';
import { useTranslation } from 'react-i18next';
import { daysUntilDue, dueDateSeverity, formatDate } from '../../../utils/dueDate';

const COLORS = { warning: '#facc15', error: '#f87171' };

/** Company due date for admins: yellow with 1-5 days left, red when due or overdue. */
export default function DueDateText({ dueDate }) {
  const { t } = useTranslation();
  if (!dueDate) return null;
  const severity = dueDateSeverity(daysUntilDue(dueDate));
  return (
    <Typography
      variant="body2"
      noWrap
      data-testid="due-date"
      data-severity={severity || 'ok'}
      sx={{ color: COLORS[severity] || 'inherit', fontWeight: severity ? 700 : 400, flex: '0 1 auto', minWidth: 0 }}
    >
      {t('layout.dueDate', { date: formatDate(dueDate) })}
    </Typography>
  );
}
