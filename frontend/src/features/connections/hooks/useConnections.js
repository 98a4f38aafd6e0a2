import { useCallback } from 'react';
import useSWR from 'swr';
import useCompanyEvent from '../../../hooks/useCompanyEvent';
import { arrayWith, arrayWithout } from '../../../utils/pagedItems';
import { CONNECTIONS_PATH } from '../api/connectionsApi';
import { applyConnectionEvent, withSingleDefault } from '../api/connectionRules';

/**
 * The company's connections (GET /whatsapp, shared SWR cache) kept current by the
 * company-{id}-whatsapp and company-{id}-whatsappSession events.
 */
export default function useConnections() {
  const { data, error, isLoading, mutate } = useSWR(CONNECTIONS_PATH);
  const apply = (event) => mutate((list) => applyConnectionEvent(list, event), { revalidate: false });
  useCompanyEvent('whatsapp', apply);
  useCompanyEvent('whatsappSession', apply);

  const put = useCallback(
    (connection) => mutate((list) => withSingleDefault(arrayWith(list, connection), connection), { revalidate: false }),
    [mutate],
  );
  const drop = useCallback((id) => mutate((list) => arrayWithout(list, id), { revalidate: false }), [mutate]);

  return { connections: Array.isArray(data) ? data : [], error, isLoading, put, drop, reload: mutate };
}
