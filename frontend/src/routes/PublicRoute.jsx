import { Navigate, Outlet, useLocation } from 'react-router';
import LoadingScreen from '../components/LoadingScreen';
import { useAuth } from '../features/auth/hooks/useAuth';
import { afterLoginPath } from '../features/auth/api/landing';

/**
 * Signed-in users have no business on login/signup/reset: send them where a sign-in goes
 * (the page they were sent away from, else the inbox). The same place as the login's own
 * navigation: this route re-renders as soon as the user is set, and when its redirect won
 * the race against the login's, a fresh sign-in landed on / instead of the page asked for.
 */
export default function PublicRoute() {
  const { isAuth, loading } = useAuth();
  const location = useLocation();
  if (loading) return <LoadingScreen />;
  if (isAuth) return <Navigate to={afterLoginPath(location.state?.from)} replace />;
  return <Outlet />;
}
