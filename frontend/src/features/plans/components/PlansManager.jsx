import useSWR from 'swr';
import { Alert, Box, Button, Chip, Stack, Typography } from '@mui/material';
import { useTranslation } from 'react-i18next';
import DataTable from '../../../components/DataTable';
import useEditModal from '../../../hooks/useEditModal';
import { PLANS_PATH, PLAN_FLAGS, deletePlan, formatAmount } from '../api/plansApi';
import PlanModal from './PlanModal';

const yesNo = (t, on) => (on ? t('plans.yes') : t('plans.no'));

/** The plans of the platform (super users): table with every limit and flag, add, edit, delete. */
export default function PlansManager() {
  const { t } = useTranslation();
  const { data, error, isLoading, mutate } = useSWR(PLANS_PATH);
  const plans = Array.isArray(data) ? data : [];
  const modal = useEditModal();

  const columns = [
    { key: 'name', render: (plan) => plan.name },
    { key: 'amount', render: (plan) => formatAmount(plan.amount) },
    { key: 'users', align: 'center', render: (plan) => plan.users },
    { key: 'connections', align: 'center', render: (plan) => plan.connections },
    { key: 'queues', align: 'center', render: (plan) => plan.queues },
    { key: 'isPublic', align: 'center', render: (plan) => yesNo(t, plan.isPublic) },
    {
      key: 'flags',
      render: (plan) => (
        <Box sx={{ display: 'flex', flexWrap: 'wrap', gap: 0.5 }}>
          {PLAN_FLAGS.filter((flag) => plan[flag]).map((flag) => (
            <Chip key={flag} size="small" label={t(`plans.flags.${flag}`)} />
          ))}
        </Box>
      ),
    },
  ];

  return (
    <Box sx={{ p: 2 }} data-testid="plans-manager">
      <Stack direction="row" sx={{ mb: 2, alignItems: 'center' }}>
        <Typography variant="h6" sx={{ flex: 1 }}>{t('plans.title')}</Typography>
        <Button variant="contained" onClick={modal.add} data-testid="plans-add">{t('plans.add')}</Button>
      </Stack>
      {error && <Alert severity="error">{t('plans.loadFailed')}</Alert>}
      <DataTable
        testId="plans-table"
        item="plan"
        labels="plans.columns"
        columns={columns}
        rows={plans}
        rowData={(plan) => ({ id: plan.id })}
        loading={isLoading}
        emptyText={t('plans.empty')}
        onEdit={modal.edit}
        onDelete={async (plan) => { await deletePlan(plan.id); await mutate(); }}
        deleteTitle={(plan) => t('plans.deleteTitle', { name: plan.name })}
        deleteMessage={t('plans.deleteMessage')}
        deletedMessage={t('plans.deleted')}
      />
      <PlanModal
        open={modal.open}
        plan={modal.record}
        onClose={modal.close}
        onSaved={() => mutate()}
      />
    </Box>
  );
}
