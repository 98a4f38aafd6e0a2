import useSWR from 'swr';
import useIntegrationOptions from '../../integrations/hooks/useIntegrationOptions';
import { useAuth } from '../../auth/hooks/useAuth';
import { listAllFlows } from '../../phraseCampaigns/api/phraseCampaignsApi';

const quiet = { revalidateOnFocus: false, shouldRetryOnError: false };

/** A list answer, plain or wrapped ({ queues: [...] }, { whatsapps: [...] }). */
export function listOf(data, key) {
  if (Array.isArray(data)) return data;
  if (Array.isArray(data?.[key])) return data[key];
  return [];
}

function useList(path, key) {
  const { data } = useSWR(path, quiet);
  return listOf(data, key);
}

function useAllFlows() {
  const { data } = useSWR('/flowbuilder#all', listAllFlows, quiet);
  return Array.isArray(data) ? data : [];
}

function useSetting(key) {
  const { data } = useSWR(`/setting/${key}`, quiet);
  return data && typeof data === 'object' ? data.value : data;
}

/**
 * What the connection modal offers: queues, and the company settings that change the form
 * (userRating makes the rating required; scheduleType 'connection' shows the schedules tab when
 * the plan has schedules), the queue integrations, AI prompts and flows the tabs pick.
 */
export default function useConnectionLookups() {
  const { user } = useAuth();
  const plan = user?.company?.plan || {};
  const scheduleType = useSetting('scheduleType');
  return {
    queues: useList('/queue', 'queues'),
    // AI prompts (plan useOpenAi): the chatbot tab's prompt select
    prompts: useList(plan.useOpenAi ? '/prompt' : null, 'prompts'),
    ratingRequired: useSetting('userRating') === 'enabled',
    showSchedules: scheduleType === 'connection' && plan.useSchedules !== false,
    // null without the plan's integrations (the tab hides).
    integrations: useIntegrationOptions(),
    // the flows a flowbuilder integration starts (the integrations tab): every page of them
    flows: useAllFlows(),
  };
}
