import { Navigate, Outlet } from 'react-router';
import LoadingScreen from '../components/LoadingScreen';
import { useAuth } from '../features/auth/hooks/useAuth';

/** Signed-in users have no business on login/signup/reset: send them home. */
export default function PublicRoute() {
  const { isAuth, loading } = useAuth();
  if (loading) return <LoadingScreen />;
  if (isAuth) return <Navigate to="/" replace />;
  return <Outlet />;
}
