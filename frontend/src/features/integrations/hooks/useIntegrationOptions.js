import useSWR from 'swr';
import { useAuth } from '../../auth/hooks/useAuth';
import { INTEGRATIONS_PATH, integrationsAllowed, listAllIntegrations } from '../api/integrationsApi';

const quiet = { revalidateOnFocus: false, shouldRetryOnError: false };

/**
 * The company's integrations for the queue, option and connection selects (GET
 * /queueIntegration, every page); null when the plan has no integrations (the selects hide).
 */
export default function useIntegrationOptions() {
  const { user } = useAuth() || {};
  const allowed = integrationsAllowed(user);
  const { data } = useSWR(allowed ? [INTEGRATIONS_PATH, 'all'] : null, listAllIntegrations, quiet);
  if (!allowed) return null;
  return Array.isArray(data) ? data : [];
}
