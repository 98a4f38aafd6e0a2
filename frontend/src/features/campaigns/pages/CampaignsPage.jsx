import { Button } from '@mui/material';
import SettingsOutlinedIcon from '@mui/icons-material/SettingsOutlined';
import { useTranslation } from 'react-i18next';
import { Link as RouterLink } from 'react-router';
import ListPage from '../../../components/ListPage';
import useEditModal from '../../../hooks/useEditModal';
import useListEvents from '../../../hooks/useListEvents';
import usePagedList from '../../../hooks/usePagedList';
import useSearchText from '../../../hooks/useSearchText';
import { toast } from '../../../services/toast';
import toastError from '../../../utils/toastError';
import { CAMPAIGNS_PATH, cancelCampaign, deleteCampaign, restartCampaign } from '../api/campaignsApi';
import CampaignModal from '../components/CampaignModal';
import CampaignsTable from '../components/CampaignsTable';

export default function CampaignsPage() {
  const { t } = useTranslation();
  const search = useSearchText();
  const list = usePagedList(CAMPAIGNS_PATH, 'records', { searchParam: search.param });
  const modal = useEditModal();
  useListEvents('campaign', list, { filtered: Boolean(search.param), item: 'record', idKey: 'id' });

  const act = (call, message) => async (record) => {
    try {
      list.update(await call(record.id));
      toast.success(message);
    } catch (error) {
      toastError(error);
    }
  };

  return (
    <ListPage
      testId="campaigns"
      title={t('campaigns.title')}
      search={search}
      addLabel={t('campaigns.add')}
      onAdd={modal.add}
      filters={(
        <Button component={RouterLink} to="/campaigns-config" startIcon={<SettingsOutlinedIcon />} data-testid="campaigns-config-link">
          {t('campaigns.menu.config')}
        </Button>
      )}
      error={list.error}
      onEndReached={list.loadMore}
      dialogs={(
        <CampaignModal open={modal.open} record={modal.record} onClose={modal.close}
          onSaved={modal.saved(list)} />
      )}
    >
      <CampaignsTable
        records={list.items}
        loading={list.loading}
        onEdit={modal.edit}
        onDelete={async (record) => { await deleteCampaign(record.id); list.remove(record.id); }}
        onCancel={act(cancelCampaign, t('campaigns.canceled'))}
        onRestart={act(restartCampaign, t('campaigns.restarted'))}
      />
    </ListPage>
  );
}
