import Forbidden from '../../../components/Forbidden';
import useCampaignsShown from '../hooks/useCampaignsShown';

/** The campaign pages: admins on a plan with campaigns, with the company's campaigns shown (spec/3 §2). */
export default function CampaignsRoute({ children }) {
  const shown = useCampaignsShown();
  if (shown === undefined) return null;
  return shown ? children : <Forbidden />;
}
