import RequireSuper from '../../../routes/RequireSuper';
import CompaniesManager from '../components/CompaniesManager';

/** /companies: the companies manager for super users; anyone else is told and sent home after 1 s. */
export default function CompaniesPage() {
  return <RequireSuper message="companies.noPermission"><CompaniesManager /></RequireSuper>;
}
