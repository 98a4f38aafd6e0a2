import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import Forbidden from '../../../components/Forbidden';
import ListPage from '../../../components/ListPage';
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
  const [modal, setModal] = useState({ open: false, integration: null });
  useListEvents('queueIntegration', list, { filtered: Boolean(search.param), idKey: 'integrationId' });

  const onSaved = (it) => (modal.integration ? list.update(it) : list.upsert(it));
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
      onAdd={() => setModal({ open: true, integration: null })}
      error={list.error}
      onEndReached={list.loadMore}
      dialogs={<IntegrationModal open={modal.open} integration={modal.integration}
        onClose={() => setModal({ open: false, integration: null })} onSaved={onSaved} />}
    >
      <IntegrationsTable integrations={list.items} loading={list.loading}
        onEdit={(integration) => setModal({ open: true, integration })} onDelete={remove} />
    </ListPage>
  );
}

/** /queue-integration (spec/3): without the plan's useIntegrations an error toast and home after 1 s; a profile user sees the 403 view. */
export default function IntegrationsPage() {
  const { user } = useAuth();
  if (!useSendHomeUnless(integrationsAllowed(user), 'integrations.noPlan')) return null;
  return isAdmin(user) ? <IntegrationsList /> : <Forbidden />;
}
