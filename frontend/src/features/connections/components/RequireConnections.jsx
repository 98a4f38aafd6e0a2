import Forbidden from '../../../components/Forbidden';
import { useAuth } from '../../auth/hooks/useAuth';
import { canManageConnections } from '../api/connectionRules';

/** Connections pages: admins and users with allowConnections; others see the no-access view. */
export default function RequireConnections({ children }) {
  const { user } = useAuth();
  return canManageConnections(user) ? children : <Forbidden />;
}
