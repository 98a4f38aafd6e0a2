import { useEffect } from 'react';
import { Box, Chip, LinearProgress, Typography } from '@mui/material';
import BlockIcon from '@mui/icons-material/Block';
import LockOpenIcon from '@mui/icons-material/LockOpen';
import FolderOutlinedIcon from '@mui/icons-material/FolderOutlined';
import { useTranslation } from 'react-i18next';
import DataTable, { RowAction } from '../../../components/DataTable';
import ListPage from '../../../components/ListPage';
import useEditModal from '../../../hooks/useEditModal';
import usePagedList from '../../../hooks/usePagedList';
import useSearchText from '../../../hooks/useSearchText';
import { toast } from '../../../services/toast';
import { daysUntilDue, dueDateSeverity, formatDate } from '../../../utils/dueDate';
import toastError from '../../../utils/toastError';
import {
  COMPANIES_PATH, DELETE_POLL_MS, MAIN_COMPANY_ID, deleteCompany, formatBytes, formatDateTime, getCompany,
  measureCompanyFolder, setCompanyStatus,
} from '../api/companiesApi';
import CompanyModal from './CompanyModal';

const DUE_COLORS = { warning: 'warning.main', error: 'error.main' };

function Status({ company }) {
  const { t } = useTranslation();
  if (company.deletingAt) {
    return (
      <Box sx={{ minWidth: 120 }} data-testid="company-deleting">
        <Typography variant="caption">{t('companies.deleting', { progress: company.deleteProgress || 0 })}</Typography>
        <LinearProgress variant="determinate" value={company.deleteProgress || 0} />
      </Box>
    );
  }
  return company.status
    ? <Chip size="small" color="success" label={t('companies.active')} />
    : <Chip size="small" color="error" label={t('companies.blocked')} data-testid="company-blocked" />;
}

function DueDate({ company }) {
  const { t } = useTranslation();
  if (company.id === MAIN_COMPANY_ID || !company.dueDate) return t('companies.noExpiry');
  const severity = dueDateSeverity(daysUntilDue(company.dueDate, new Date(), company.timezone));
  return (
    <Box component="span" sx={{ color: DUE_COLORS[severity], fontWeight: severity ? 'bold' : undefined }} data-severity={severity || ''}>
      {formatDate(company.dueDate)}
    </Box>
  );
}

/** Follows the companies being deleted until they are gone (their progress in their row). */
function useDeletions(list) {
  const deleting = list.items.filter((company) => company.deletingAt).map((company) => company.id);
  const key = deleting.join(',');
  useEffect(() => {
    if (!key) return undefined;
    const timer = setInterval(() => {
      key.split(',').map(Number).forEach((id) => {
        getCompany(id).then(list.update, (error) => (error.status === 404 ? list.remove(id) : null));
      });
    }, DELETE_POLL_MS);
    return () => clearInterval(timer);
  }, [key, list.update, list.remove]);
}

/** The companies of the platform (super users): search, add, edit, block, measure, delete. */
export default function CompaniesManager() {
  const { t } = useTranslation();
  const search = useSearchText();
  const list = usePagedList(COMPANIES_PATH, 'companies', { searchParam: search.param });
  const modal = useEditModal();
  useDeletions(list);

  const act = (work, message) => async (company) => {
    try {
      list.update(await work(company));
      if (message) toast.success(message);
    } catch (error) {
      toastError(error);
    }
  };
  const toggleBlock = act((company) => setCompanyStatus(company.id, !company.status), t('companies.saved'));
  const measure = act((company) => measureCompanyFolder(company.id));

  const columns = [
    { key: 'id', render: (c) => c.id },
    { key: 'name', render: (c) => c.name },
    { key: 'email', render: (c) => c.email },
    { key: 'plan', render: (c) => c.plan?.name || '' },
    { key: 'status', render: (c) => <Status company={c} /> },
    { key: 'dueDate', render: (c) => <DueDate company={c} /> },
    { key: 'recurrence', render: (c) => t(`companies.recurrences.${c.recurrence}`) },
    { key: 'users', align: 'center', render: (c) => `${c.numberAttendants ?? 0}/${c.plan?.users ?? '-'}` },
    { key: 'connections', align: 'center', render: (c) => `${c.numberConections ?? 0}/${c.plan?.connections ?? '-'}` },
    { key: 'lastLogin', render: (c) => formatDateTime(c.lastLogin) },
    { key: 'folder', render: (c) => (c.updatedAtFolder ? `${formatBytes(c.folderSize)} · ${c.numberFileFolder}` : '') },
    { key: 'createdAt', render: (c) => formatDateTime(c.createdAt) },
  ];

  const editable = (c) => !c.deletingAt;
  const extraActions = (c) => (
    <>
      <RowAction title={t('companies.measure')} onClick={() => measure(c)} testId="company-measure">
        <FolderOutlinedIcon fontSize="small" />
      </RowAction>
      {c.id !== MAIN_COMPANY_ID && editable(c) && (
        <RowAction title={c.status ? t('companies.block') : t('companies.unblock')} onClick={() => toggleBlock(c)} testId="company-toggle-block">
          {c.status ? <BlockIcon fontSize="small" /> : <LockOpenIcon fontSize="small" />}
        </RowAction>
      )}
    </>
  );

  return (
    <ListPage
      testId="companies"
      title={t('companies.title')}
      search={search}
      addLabel={t('companies.add')}
      onAdd={modal.add}
      error={list.error}
      onEndReached={list.loadMore}
      dialogs={(
        <CompanyModal open={modal.open} company={modal.record} onClose={modal.close}
          onSaved={list.upsert} />
      )}
    >
      <DataTable
        testId="companies-table"
        item="company"
        labels="companies.columns"
        columns={columns}
        rows={list.items}
        rowData={(c) => ({ id: c.id })}
        loading={list.loading}
        emptyText={t('companies.empty')}
        extraActions={extraActions}
        onEdit={(c) => editable(c) && modal.edit(c)}
        canEdit={editable}
        viewLabel={t('companies.deletingShort')}
        onDelete={async (c) => list.update(await deleteCompany(c.id))}
        canDelete={(c) => c.id !== MAIN_COMPANY_ID && editable(c)}
        deleteTitle={(c) => t('companies.deleteTitle', { name: c.name })}
        deleteMessage={t('companies.deleteMessage')}
        deletedMessage={t('companies.deleteStarted')}
      />
    </ListPage>
  );
}
