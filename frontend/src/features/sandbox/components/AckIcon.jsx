import AccessTimeIcon from '@mui/icons-material/AccessTime';
import DoneIcon from '@mui/icons-material/Done';
import DoneAllIcon from '@mui/icons-material/DoneAll';
import ErrorOutlineIcon from '@mui/icons-material/ErrorOutlined';
import { ackState } from '../api/conversation';

const SX = { fontSize: 16, verticalAlign: 'middle' };

/** Ticks of a delivery (ack 0 clock, 1 sent, 2 delivered, 3+ read in blue). */
export function AckIcon({ ack }) {
  const state = ackState(ack);
  const props = { 'data-testid': 'simulate-ack', 'data-state': state };
  if (state === 'pending') return <AccessTimeIcon sx={{ ...SX, color: 'text.disabled' }} {...props} />;
  if (state === 'sent') return <DoneIcon sx={{ ...SX, color: 'text.secondary' }} {...props} />;
  if (state === 'delivered') return <DoneAllIcon sx={{ ...SX, color: 'text.secondary' }} {...props} />;
  return <DoneAllIcon sx={{ ...SX, color: '#34B7F1' }} {...props} />;
}

/** State of a message the customer sent: sending (clock), sent (tick), error. */
export function SendIcon({ status }) {
  const props = { 'data-testid': 'simulate-send-state', 'data-state': status };
  if (status === 'sending') return <AccessTimeIcon sx={{ ...SX, color: 'text.disabled' }} {...props} />;
  if (status === 'error') return <ErrorOutlineIcon sx={{ ...SX }} color="error" {...props} />;
  return <DoneIcon sx={{ ...SX, color: 'text.secondary' }} {...props} />;
}
