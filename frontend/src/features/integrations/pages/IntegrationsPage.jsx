import { useTranslation } from 'react-i18next';
import Forbidden from '../../../components/Forbidden';
import ListPage from '../../../components/ListPage';
import useEditModal from '../../../hooks/useEditModal';
import useListEvents from '../../../hooks/useListEvents';
import usePagedList from '../../../hooks/usePagedList';
import useSearchText from '../../../hooks/useSearchText';
import useSendHomeUnless from '../../../hooks/useSendHomeUnless';
import { isAdmin } from '../../../utils/permissions';
import { useAuth } from '../../auth/hooks/useAuth';
import { INTEGRATIONS_PATH, deleteIntegration, integrationsAllowed } from '../api/integrationsApi';
import IntegrationModal from '../components/IntegrationModal';
import IntegrationsTable from '../components/IntegrationsTable';

function IntegrationsList() {
  const { t } = useTranslation();
  const search = useSearchText();
  const list = usePagedList(INTEGRATIONS_PATH, 'queueIntegrations', { searchParam: search.param });
  const modal = useEditModal();
  useListEvents('queueIntegration', list, { filtered: Boolean(search.param), idKey: 'integrationId' });

  const remove = async (it) => {
    await deleteIntegration(it.id);
    list.remove(it.id);
  };
  return (
    <ListPage
      testId="integrations"
      title={t('integrations.title')}
      count={list.count}
      search={search}
      addLabel={t('integrations.add')}
      onAdd={modal.add}
      error={list.error}
      onEndReached={list.loadMore}
      dialogs={<IntegrationModal open={modal.open} integration={modal.record}
        onClose={modal.close} onSaved={modal.saved(list)} />}
    >
      <IntegrationsTable integrations={list.items} loading={list.loading}
        onEdit={modal.edit} onDelete={remove} />
    </ListPage>
  );
}

/** /queue-integration (spec/3): without the plan's useIntegrations an error toast and home after 1 s; a profile user sees the 403 view. */
export default function IntegrationsPage() {
  const { user } = useAuth();
  if (!useSendHomeUnless(integrationsAllowed(user), 'integrations.noPlan')) return null;
  return isAdmin(user) ? <IntegrationsList /> : <Forbidden />;
}
