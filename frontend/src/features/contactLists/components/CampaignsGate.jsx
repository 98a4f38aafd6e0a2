import useSWR from 'swr';
import useCompanyEvent from '../../../hooks/useCompanyEvent';
import { useAuth } from '../../auth/hooks/useAuth';
import { campaignsPlanOn, campaignsShown } from '../api/access';

const opts = { revalidateOnFocus: false, shouldRetryOnError: false };

/**
 * Renders its children (a menu entry) only while the campaigns area shows: the plan's flag and
 * the company setting campaignsEnabled, followed live (company-{id}-settings).
 */
export default function CampaignsGate({ children }) {
  const { user } = useAuth();
  const { data, mutate } = useSWR(campaignsPlanOn(user) ? '/setting/campaignsEnabled' : null, opts);
  useCompanyEvent('settings', (event) => {
    if (event?.setting?.key === 'campaignsEnabled') mutate(event.setting, { revalidate: false });
  });
  const value = data && typeof data === 'object' ? data.value : data;
  return campaignsShown(user, value) ? children : null;
}
