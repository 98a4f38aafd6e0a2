import WelcomeCard from '../../../components/WelcomeCard';

/** Home until the dashboard lands: the welcome card. */
export default function HomePage() {
  return <WelcomeCard />;
}
