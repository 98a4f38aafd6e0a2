import Forbidden from '../components/Forbidden';
import { useAuth } from '../features/auth/hooks/useAuth';

/** A page for the users a rule lets in; everyone else sees the 403 view (back to /tickets). */
export default function Allowed({ when, children }) {
  const { user } = useAuth();
  return when(user) ? children : <Forbidden />;
}
