import useSWR from 'swr';
import { Chip } from '@mui/material';
import { useTranslation } from 'react-i18next';
import DataTable from '../../../components/DataTable';
import ListPage from '../../../components/ListPage';
import useCompanyEvent from '../../../hooks/useCompanyEvent';
import useEditModal from '../../../hooks/useEditModal';
import { useAuth } from '../../auth/hooks/useAuth';
import { isAdmin } from '../../../utils/permissions';
import { PHRASES_PATH, deletePhraseCampaign } from '../api/phraseCampaignsApi';
import { phrasesOf } from '../api/phraseForm';
import PhraseCampaignModal from '../components/PhraseCampaignModal';

const COLUMNS = [
  { key: 'name', sx: { fontWeight: 500 }, render: (row) => row.name },
  { key: 'phrase', render: (row) => row.phrase },
  {
    key: 'status',
    align: 'center',
    testId: 'phrase-status-cell',
    render: (row, t) => (
      <Chip size="small" color={row.status ? 'success' : 'default'} label={row.status ? t('phraseCampaigns.active') : t('phraseCampaigns.inactive')} />
    ),
  },
];

/** Deleting a phrase campaign takes the contacts-delete permission (contacts-page:deleteContact: admins). */
export const canDeletePhrase = (user) => isAdmin(user);

/** /phrase-lists: 'Campanhas', the flows a phrase starts (spec/3 "Phrase campaigns"). */
export default function PhraseListsPage() {
  const { t } = useTranslation();
  const { user } = useAuth();
  const { data, error, isLoading, mutate } = useSWR(PHRASES_PATH);
  const modal = useEditModal();
  // Another tab or user of the company changes a campaign: the list reloads (one small GET).
  useCompanyEvent('flowcampaign', () => mutate());

  const remove = async (row) => {
    await deletePhraseCampaign(row.id);
    mutate();
  };

  return (
    <ListPage
      testId="phrases"
      title={t('phraseCampaigns.title')}
      addLabel={t('phraseCampaigns.add')}
      onAdd={modal.add}
      error={error}
      dialogs={(
        <PhraseCampaignModal open={modal.open} id={modal.record} onClose={modal.close} onSaved={() => mutate()} />
      )}
    >
      <DataTable
        testId="phrases-table"
        item="phrase"
        labels="phraseCampaigns.columns"
        columns={COLUMNS}
        rows={phrasesOf(data)}
        rowData={(row) => ({ name: row.name })}
        loading={isLoading}
        emptyText={t('phraseCampaigns.empty')}
        onEdit={(row) => modal.edit(row.id)}
        onDelete={remove}
        canDelete={() => canDeletePhrase(user)}
        deleteTitle={(row) => t('phraseCampaigns.deleteTitle', { name: row.name })}
        deleteMessage={t('phraseCampaigns.deleteMessage')}
        deletedMessage={t('phraseCampaigns.deleted')}
      />
    </ListPage>
  );
}
