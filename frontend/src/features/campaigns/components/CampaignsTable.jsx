import { Chip, Tooltip } from '@mui/material';
import AssessmentOutlinedIcon from '@mui/icons-material/AssessmentOutlined';
import CancelOutlinedIcon from '@mui/icons-material/CancelOutlined';
import ReplayIcon from '@mui/icons-material/Replay';
import PauseCircleOutlinedIcon from '@mui/icons-material/PauseCircleOutlined';
import { useTranslation } from 'react-i18next';
import { useNavigate } from 'react-router';
import DataTable, { RowAction } from '../../../components/DataTable';
import { STATUS_COLORS, canCancel, canDelete, canRestart, isEditable } from '../api/campaignRules';

const when = (iso) => (iso ? new Date(iso).toLocaleString() : '');

function StatusChip({ record }) {
  const { t } = useTranslation();
  const chip = <Chip size="small" color={STATUS_COLORS[record.status] || 'default'} label={t(`campaigns.status.${record.status}`)} data-testid="campaign-status" />;
  if (!record.pausedReason) return chip;
  return (
    <Tooltip title={t(`campaigns.wait.paused.${record.pausedReason}`, record.waitDetail || {})}>
      <span style={{ display: 'inline-flex', alignItems: 'center', gap: 4 }}>{chip}<PauseCircleOutlinedIcon fontSize="small" color="error" /></span>
    </Tooltip>
  );
}

const COLUMNS = [
  { key: 'name', sx: { fontWeight: 500 }, render: (r) => r.name },
  { key: 'status', align: 'center', render: (r) => <StatusChip record={r} /> },
  { key: 'contactList', render: (r) => r.contactList?.name || '' },
  { key: 'whatsapp', render: (r) => r.whatsapp?.name || '' },
  { key: 'scheduledAt', render: (r, t) => (r.scheduledAt ? when(r.scheduledAt) : t('campaigns.notScheduled')) },
  { key: 'completedAt', render: (r) => when(r.completedAt) },
  { key: 'confirmation', align: 'center', render: (r, t) => (r.confirmation ? t('campaigns.yes') : t('campaigns.no')) },
];

/** The campaigns: report, cancel/restart as their state allows, edit (read-only when not editable), delete. */
export default function CampaignsTable({ records, loading, onEdit, onDelete, onCancel, onRestart }) {
  const { t } = useTranslation();
  const navigate = useNavigate();
  return (
    <DataTable
      testId="campaigns-table"
      item="campaign"
      labels="campaigns.columns"
      columns={COLUMNS}
      rows={records}
      rowData={(r) => ({ name: r.name, status: r.status })}
      loading={loading}
      emptyText={t('campaigns.empty')}
      extraActions={(r) => (
        <>
          <RowAction title={t('campaigns.actions.report')} onClick={() => navigate(`/campaign/${r.id}/report`)} testId="campaign-row-report">
            <AssessmentOutlinedIcon fontSize="small" />
          </RowAction>
          {canCancel(r) && (
            <RowAction title={t('campaigns.actions.cancel')} onClick={() => onCancel(r)} testId="campaign-row-cancel">
              <CancelOutlinedIcon fontSize="small" />
            </RowAction>
          )}
          {canRestart(r) && (
            <RowAction title={t('campaigns.actions.restart')} onClick={() => onRestart(r)} testId="campaign-row-restart">
              <ReplayIcon fontSize="small" />
            </RowAction>
          )}
        </>
      )}
      onEdit={onEdit}
      canEdit={(r) => isEditable(r)}
      viewLabel={t('campaigns.view')}
      onDelete={onDelete}
      canDelete={canDelete}
      deleteTitle={(r) => t('campaigns.deleteTitle', { name: r.name })}
      deleteMessage={t('campaigns.deleteMessage')}
      deletedMessage={t('campaigns.deleted')}
    />
  );
}
