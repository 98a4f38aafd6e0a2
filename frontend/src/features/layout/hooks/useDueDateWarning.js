import { useEffect } from 'react';
import { useTranslation } from 'react-i18next';
import { toast } from '../../../services/toast';
import { daysUntilDue, shouldWarnDueDate } from '../../../utils/dueDate';

/** Once per signed-in session view: warns when fewer than 5 days are left to the due date. */
export default function useDueDateWarning(company) {
  const { t } = useTranslation();
  const dueDate = company?.dueDate;
  const companyId = company?.id;
  const timezone = company?.timezone;
  useEffect(() => {
    const current = { id: companyId, dueDate, timezone };
    if (shouldWarnDueDate(current)) toast.warning(t('auth.dueSoon', { count: daysUntilDue(dueDate, new Date(), timezone) }));
    // eslint-disable-next-line react-hooks/exhaustive-deps -- warn once per company/due date, not per language
  }, [companyId, dueDate, timezone]);
}
