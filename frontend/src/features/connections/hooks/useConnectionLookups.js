import useSWR from 'swr';
import { useAuth } from '../../auth/hooks/useAuth';

const quiet = { revalidateOnFocus: false, shouldRetryOnError: false };

/** A list answer, plain or wrapped ({ queueIntegrations: [...] }, { prompts: [...] }, { flows: [...] }). */
export function listOf(data, key) {
  if (Array.isArray(data)) return data;
  if (Array.isArray(data?.[key])) return data[key];
  return [];
}

function useList(path, key) {
  const { data } = useSWR(path, quiet);
  return listOf(data, key);
}

function useSetting(key) {
  const { data } = useSWR(`/setting/${key}`, quiet);
  return data && typeof data === 'object' ? data.value : data;
}

/**
 * What the connection modal offers: queues, queue integrations, AI prompts, flows, and the
 * company settings that change the form (userRating makes the rating required; scheduleType
 * 'connection' shows the schedules tab when the plan has schedules).
 */
export default function useConnectionLookups() {
  const { user } = useAuth();
  const plan = user?.company?.plan || {};
  const scheduleType = useSetting('scheduleType');
  return {
    queues: useList('/queue', 'queues'),
    integrations: useList('/queueIntegration', 'queueIntegrations'),
    prompts: useList('/prompt', 'prompts'),
    flows: useList('/flowbuilder', 'flows'),
    ratingRequired: useSetting('userRating') === 'enabled',
    showSchedules: scheduleType === 'connection' && plan.useSchedules !== false,
  };
}
