import { Tooltip } from '@mui/material';
import WhatsAppIcon from '@mui/icons-material/WhatsApp';
import FacebookIcon from '@mui/icons-material/Facebook';
import InstagramIcon from '@mui/icons-material/Instagram';
import ScienceOutlinedIcon from '@mui/icons-material/ScienceOutlined';
import { useTranslation } from 'react-i18next';

const ICONS = {
  whatsapp: { Icon: WhatsAppIcon, color: '#25D366' },
  whatsappapi: { Icon: WhatsAppIcon, color: '#128C7E' },
  facebook: { Icon: FacebookIcon, color: '#1877F2' },
  instagram: { Icon: InstagramIcon, color: '#E1306C' },
  sandbox: { Icon: ScienceOutlinedIcon, color: '#7E57C2' },
};

export default function ChannelIcon({ channel }) {
  const { t } = useTranslation();
  const { Icon, color } = ICONS[channel] || ICONS.whatsapp;
  return (
    <Tooltip title={t(`connections.channels.${channel}`, { defaultValue: channel })}>
      <Icon sx={{ color, verticalAlign: 'middle' }} data-testid="connection-channel" data-channel={channel} />
    </Tooltip>
  );
}
