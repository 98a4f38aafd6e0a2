import useCampaignsShown from '../hooks/useCampaignsShown';

/** Renders its children only while the campaign pages are shown (a menu entry). */
export default function CampaignsGate({ children }) {
  return useCampaignsShown() ? children : null;
}
