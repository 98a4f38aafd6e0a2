import { useAuth } from '../features/auth/hooks/useAuth';
import useSocketEvent from './useSocketEvent';

export const companyIdOf = (user) => user?.companyId ?? user?.company?.id;

/** Calls handler(data) for every company-{id}-{name} frame while mounted. */
export default function useCompanyEvent(name, handler) {
  const { user } = useAuth();
  const companyId = companyIdOf(user);
  useSocketEvent(companyId ? `company-${companyId}-${name}` : null, handler);
}
