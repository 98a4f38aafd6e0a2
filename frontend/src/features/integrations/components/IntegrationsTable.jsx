import { Avatar, Box, Typography } from '@mui/material';
import { useTranslation } from 'react-i18next';
import DataTable from '../../../components/DataTable';
import { INTEGRATION_TYPES } from '../api/integrationForm';

// Each kind's badge: its brand colour and initials (no third-party images are served).
const LOGOS = {
  dialogflow: { bg: '#FF9800', text: 'DF' },
  n8n: { bg: '#EA4B71', text: 'n8n' },
  webhook: { bg: '#607D8B', text: 'WH' },
  typebot: { bg: '#0042DA', text: 'TB' },
  flowbuilder: { bg: '#4CAF50', text: 'FB' },
};

export function IntegrationLogo({ type }) {
  const logo = LOGOS[type] || { bg: '#9E9E9E', text: '?' };
  const label = INTEGRATION_TYPES.find((o) => o.value === type)?.label || type;
  return (
    <Box sx={{ display: 'inline-flex', alignItems: 'center', gap: 1 }}>
      <Avatar variant="rounded" sx={{ bgcolor: logo.bg, width: 32, height: 32, fontSize: 12, fontWeight: 700 }}
        data-testid={`integration-logo-${type}`}>
        {logo.text}
      </Avatar>
      <Typography variant="body2">{label}</Typography>
    </Box>
  );
}

const COLUMNS = [
  { key: 'type', render: (it) => <IntegrationLogo type={it.type} /> },
  { key: 'id', align: 'center', render: (it) => it.id },
  { key: 'name', render: (it) => it.name },
];

/** The integrations; onDelete(it) runs once the deletion is confirmed. */
export default function IntegrationsTable({ integrations, loading, onEdit, onDelete }) {
  const { t } = useTranslation();
  return (
    <DataTable
      testId="integrations-table"
      item="integration"
      labels="integrations.columns"
      columns={COLUMNS}
      rows={integrations}
      rowData={(it) => ({ name: it.name, type: it.type })}
      loading={loading}
      emptyText={t('integrations.empty')}
      onEdit={onEdit}
      onDelete={onDelete}
      deleteTitle={(it) => t('integrations.deleteTitle', { name: it.name })}
      deleteMessage={t('integrations.deleteMessage')}
      deletedMessage={t('integrations.deleted')}
    />
  );
}
