import { Navigate, Outlet, useLocation } from 'react-router';
import LoadingScreen from '../components/LoadingScreen';
import { useAuth } from '../features/auth/hooks/useAuth';

/** Visitors without a session go to /login, keeping where they came from. */
export default function PrivateRoute() {
  const { isAuth, loading } = useAuth();
  const location = useLocation();
  if (loading) return <LoadingScreen />;
  if (!isAuth) return <Navigate to="/login" replace state={{ from: location }} />;
  return <Outlet />;
}
