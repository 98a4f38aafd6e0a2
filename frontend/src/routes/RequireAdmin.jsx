import { isAdmin } from '../utils/permissions';
import Allowed from './Allowed';

export default function RequireAdmin({ children }) {
  return <Allowed when={isAdmin}>{children}</Allowed>;
}
