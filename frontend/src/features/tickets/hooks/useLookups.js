import useSWR from 'swr';
import useSocketEvent from '../../../hooks/useSocketEvent';
import { isAdmin } from '../../../utils/permissions';
import { asList } from '../utils/format';

const opts = { revalidateOnFocus: false, shouldRetryOnError: false };

/** Queues a user picks from: every company queue for an admin, else the user's own. */
export function useQueueOptions(user) {
  const admin = isAdmin(user);
  const { data } = useSWR(admin ? '/queue' : null, opts);
  const all = asList(data, 'queues');
  const own = user?.queues || [];
  return admin && all.length ? all : own;
}

/** Every company queue (transfer and accept modals). */
export function useAllQueues(enabled = true) {
  const { data } = useSWR(enabled ? '/queue' : null, opts);
  return asList(data, 'queues');
}

export function useTags(params) {
  const { data, mutate } = useSWR(['/tags/list', params || {}], opts);
  return { tags: asList(data, 'tags'), mutate };
}

export function useConnections(enabled = true) {
  const { data } = useSWR(enabled ? '/whatsapp' : null, opts);
  return asList(data, 'whatsapps');
}

export function useCompanyUsers(enabled = true) {
  const { data } = useSWR(enabled ? '/users/list' : null, opts);
  return asList(data, 'users');
}

/**
 * A company setting read by key (GET /setting/{key} → {key, value}). Given the companyId it
 * follows the company's settings events too, so a change an admin saves shows at once.
 */
export function useSettingValue(key, { companyId } = {}) {
  const { data, mutate } = useSWR(key ? `/setting/${key}` : null, opts);
  useSocketEvent(key && companyId ? `company-${companyId}-settings` : null, (event) => {
    const setting = event?.setting;
    if (event?.action === 'update' && setting?.key === key) mutate({ key, value: setting.value }, { revalidate: false });
  });
  if (data == null) return undefined;
  return typeof data === 'object' ? data.value : data;
}
