import Forbidden from '../components/Forbidden';
import { useAuth } from '../features/auth/hooks/useAuth';
import { isAdmin } from '../utils/permissions';

export default function RequireAdmin({ children }) {
  const { user } = useAuth();
  return isAdmin(user) ? children : <Forbidden />;
}
