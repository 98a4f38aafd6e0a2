import { Navigate, useParams } from 'react-router';
import WelcomeCard from '../../../components/WelcomeCard';

/** /tickets and /tickets/{uuid}: with no ticket open the welcome placeholder shows. */
export default function TicketsPage() {
  const { ticketId } = useParams();
  if (ticketId === 'undefined') return <Navigate to="/tickets" replace />;
  return <WelcomeCard />;
}
