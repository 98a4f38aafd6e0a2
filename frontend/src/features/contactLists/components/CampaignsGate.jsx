import { useAuth } from '../../auth/hooks/useAuth';
import { useSettingValue } from '../../tickets/hooks/useLookups';
import { campaignsShown } from '../api/access';

/** Renders its children (a menu entry) only while the campaigns area shows (plan flag and campaignsEnabled). */
export default function CampaignsGate({ children }) {
  const { user } = useAuth();
  const setting = useSettingValue(user?.company?.plan?.useCampaigns ? 'campaignsEnabled' : null);
  return campaignsShown(user, setting) ? children : null;
}
