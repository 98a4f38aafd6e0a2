import { useState } from 'react';
import { Button, Chip } from '@mui/material';
import { useNavigate } from 'react-router';
import { useTranslation } from 'react-i18next';
import DataTable from '../../../components/DataTable';
import ListPage from '../../../components/ListPage';
import useCompanyEvent from '../../../hooks/useCompanyEvent';
import usePagedList from '../../../hooks/usePagedList';
import { daysUntilDue, dueDateSeverity, formatDate } from '../../../utils/dueDate';
import { useAuth } from '../../auth/hooks/useAuth';
import { INVOICES_PATH } from '../api/billingApi';
import { formatMoney, isPaid } from '../api/pricing';
import CheckoutDialog from '../components/CheckoutDialog';

const COLUMNS = [
  { key: 'detail', render: (row) => row.detail },
  { key: 'users', align: 'center', render: (row) => row.users },
  { key: 'connections', align: 'center', render: (row) => row.connections },
  { key: 'dueDate', align: 'center', render: (row) => formatDate(row.dueDate) },
  { key: 'value', align: 'center', render: (row) => formatMoney(row.value) },
];

/** Paid, open or overdue, the days counted in the company's zone as the server does. */
const statusColumn = (timeZone) => ({
  key: 'status',
  align: 'center',
  testId: 'invoice-status',
  render: (row, t) => {
    if (isPaid(row)) return <Chip size="small" color="success" label={t('billing.invoices.paid')} />;
    const severity = dueDateSeverity(daysUntilDue(row.dueDate, new Date(), timeZone));
    return <Chip size="small" color={severity || 'default'} label={t(severity === 'error' ? 'billing.invoices.overdue' : 'billing.invoices.open')} />;
  },
});

/**
 * /financeiro (and the list of /financeiro-aberto, expired): the company's invoices ("Faturas"
 * with the count), infinite scroll; an open one's PAGAR opens the checkout. A payment event
 * marks its row paid as it happens.
 */
export default function InvoicesPage({ expired = false }) {
  const { t } = useTranslation();
  const navigate = useNavigate();
  const { user, setUser } = useAuth();
  const list = usePagedList(INVOICES_PATH, 'invoices');
  const [paying, setPaying] = useState(null);

  useCompanyEvent('payment', (data) => {
    if (data?.invoice) list.update(data.invoice);
  });

  // Paid: home with the new due date (an expired session reloads, its socket was closed).
  const done = (dueDate) => {
    setPaying(null);
    if (expired) {
      window.location.assign('/');
      return;
    }
    if (dueDate) setUser((current) => current && { ...current, company: { ...current.company, dueDate } });
    navigate('/');
  };

  const columns = [...COLUMNS, statusColumn(user?.company?.timezone), {
    key: 'action',
    align: 'center',
    render: (row) => (isPaid(row)
      ? <Chip size="small" variant="outlined" color="success" label={t('billing.invoices.paid')} />
      : <Button size="small" variant="contained" onClick={() => setPaying(row)} data-testid="invoice-pay">{t('billing.invoices.pay')}</Button>),
  }];

  return (
    <ListPage
      testId="invoices"
      title={t('billing.invoices.title')}
      count={list.count}
      error={list.error}
      onEndReached={list.loadMore}
      dialogs={paying && (
        <CheckoutDialog invoice={paying} email={user?.company?.email || user?.email} onClose={() => setPaying(null)} onDone={done} />
      )}
    >
      <DataTable
        testId="invoices-table"
        item="invoice"
        labels="billing.invoices"
        columns={columns}
        rows={list.items}
        rowData={(row) => ({ id: row.id, status: row.status })}
        loading={list.loading}
        emptyText={t('billing.invoices.empty')}
      />
    </ListPage>
  );
}
