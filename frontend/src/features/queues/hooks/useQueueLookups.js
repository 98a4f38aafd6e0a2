import useSWR from 'swr';
import { useAuth } from '../../auth/hooks/useAuth';
import { FILES_PATH, USERS_PATH, listAllFileLists } from '../api/queuesApi';
import useIntegrationOptions from '../../integrations/hooks/useIntegrationOptions';

const quiet = { revalidateOnFocus: false, shouldRetryOnError: false };

/** A list answer, plain or wrapped ({ files: [...] }). */
const listOf = (data, key) => (Array.isArray(data) ? data : (Array.isArray(data?.[key]) ? data[key] : []));

/**
 * What the queue modal offers: the company's scheduleType (hours per queue show the hours tab),
 * its file lists and users (option targets) and its id (to import the company's hours).
 */
export default function useQueueLookups() {
  const { user } = useAuth() || {};
  const setting = useSWR('/setting/scheduleType', quiet).data;
  return {
    companyId: user?.companyId ?? user?.company?.id ?? null,
    showSchedules: (setting && typeof setting === 'object' ? setting.value : setting) === 'queue',
    files: listOf(useSWR([FILES_PATH, 'all'], listAllFileLists, quiet).data, 'files'),
    users: listOf(useSWR(USERS_PATH, quiet).data, 'users'),
    // null: the plan has no integrations (the selects stay hidden).
    integrations: useIntegrationOptions(),
  };
}
