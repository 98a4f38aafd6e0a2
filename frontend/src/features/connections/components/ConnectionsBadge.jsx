import { Badge } from '@mui/material';
import { needsAttention } from '../api/connectionRules';
import useConnections from '../hooks/useConnections';

/** Red dot on the drawer's connections icon while a connection needs attention. */
export default function ConnectionsBadge({ children }) {
  const { connections } = useConnections();
  const visible = needsAttention(connections);
  return (
    <Badge color="error" variant="dot" overlap="circular" invisible={!visible} data-testid="connections-badge" data-visible={visible}>
      {children}
    </Badge>
  );
}
