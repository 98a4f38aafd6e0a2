import { Tooltip } from '@mui/material';
import AccessTimeIcon from '@mui/icons-material/AccessTime';
import DoneIcon from '@mui/icons-material/Done';
import DoneAllIcon from '@mui/icons-material/DoneAll';
import ErrorOutlineIcon from '@mui/icons-material/ErrorOutlineOutlined';
import { useTranslation } from 'react-i18next';
import { ackInfo } from '../utils/messageRules';

export const ACK_COLORS = { default: 'rgba(0,0,0,0.45)', read: '#34B7F1', played: '#00A884', error: '#d32f2f' };

const ICONS = { clock: AccessTimeIcon, check: DoneIcon, doubleCheck: DoneAllIcon, error: ErrorOutlineIcon };

/** Delivery state of an own message (spec/1 §4 ack icons). */
export default function AckIcon({ message }) {
  const { t } = useTranslation();
  const { icon, color } = ackInfo(message.ack, message.mediaType);
  const Icon = ICONS[icon];
  const node = (
    <Icon sx={{ fontSize: 16, color: ACK_COLORS[color], verticalAlign: 'middle' }} data-testid="message-ack"
      data-ack={message.ack} data-icon={icon} data-color={color} />
  );
  if (icon !== 'error') return node;
  return <Tooltip title={message.sendError || t('messages.sendFailed')}>{node}</Tooltip>;
}
