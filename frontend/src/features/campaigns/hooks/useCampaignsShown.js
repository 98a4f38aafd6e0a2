import { useEffect } from 'react';
import useSWR from 'swr';
import useCompanyEvent from '../../../hooks/useCompanyEvent';
import { useAuth } from '../../auth/hooks/useAuth';
import { campaignsAllowed } from '../api/campaignRules';

const CSHOW = 'cshow';

/**
 * Whether the campaign pages are shown: the plan flag (and an admin), and the company's
 * campaignsEnabled setting, kept in the browser as the spec's cshow flag (spec/3 §2) so the
 * menu knows it at once on the next load. Undefined while not known yet (nothing stored,
 * the setting still on its way).
 */
export default function useCampaignsShown() {
  const { user } = useAuth();
  const allowed = campaignsAllowed(user);
  const { data, error, mutate } = useSWR(allowed ? '/setting/campaignsEnabled' : null, { revalidateOnFocus: false, shouldRetryOnError: false });
  // Turned on or off in the settings page: the menu follows at once.
  useCompanyEvent('settings', (event) => {
    if (event?.setting?.key === 'campaignsEnabled' || event?.key === 'campaignsEnabled') mutate();
  });
  const stored = typeof localStorage !== 'undefined' && localStorage.getItem(CSHOW) === 'true';
  useEffect(() => {
    if (!data) return;
    if (data.value === 'enabled') localStorage.setItem(CSHOW, 'true');
    else localStorage.removeItem(CSHOW);
  }, [data]);
  if (!allowed) return false;
  if (!data && !stored && !error) return undefined;
  return data ? data.value === 'enabled' : stored;
}
