import { Navigate } from 'react-router';
import { useAuth } from '../../auth/hooks/useAuth';
import { canSeeDashboard } from '../../../utils/permissions';
import DashboardPage from '../../dashboard/pages/DashboardPage';

/**
 * Home (/): the dashboard for admins and users with showDashboard; everyone else lands on
 * their tickets (sign-in brings every user here, so a 403 would greet each attendant).
 */
export default function HomePage() {
  const { user } = useAuth();
  return canSeeDashboard(user) ? <DashboardPage /> : <Navigate to="/tickets" replace />;
}
