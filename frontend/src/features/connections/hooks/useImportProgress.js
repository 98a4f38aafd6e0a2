import { useState } from 'react';
import useSocketEvent from '../../../hooks/useSocketEvent';
import { companyIdOf } from '../../../hooks/useCompanyEvent';
import { useAuth } from '../../auth/hooks/useAuth';
import { applyImportEvent } from '../api/importStatus';

/**
 * Old-message import progress per connection, from the importMessages-{companyId} events
 * (spec/2 §7): 'update' carries { this, all }; 'refresh' means the import ended and the list
 * must be read again (onRefresh).
 */
export default function useImportProgress(connections, onRefresh) {
  const { user } = useAuth();
  const companyId = companyIdOf(user);
  const [progress, setProgress] = useState({});
  useSocketEvent(companyId ? `importMessages-${companyId}` : null, (data) => {
    setProgress((current) => applyImportEvent(current, data, connections));
    if (data?.action === 'refresh') onRefresh();
  });
  return progress;
}
