import WhatsAppIcon from '@mui/icons-material/WhatsApp';
import FacebookIcon from '@mui/icons-material/Facebook';
import InstagramIcon from '@mui/icons-material/Instagram';
import ScienceOutlinedIcon from '@mui/icons-material/ScienceOutlined';
import ChatBubbleOutlineIcon from '@mui/icons-material/ChatBubbleOutlineOutlined';

const ICONS = {
  whatsapp: [WhatsAppIcon, '#25D366'],
  whatsappapi: [WhatsAppIcon, '#128C7E'],
  facebook: [FacebookIcon, '#1877F2'],
  instagram: [InstagramIcon, '#E1306C'],
  sandbox: [ScienceOutlinedIcon, '#7C3AED'],
};

export default function ChannelIcon({ channel, fontSize = 'small' }) {
  const [Icon, color] = ICONS[channel] || [ChatBubbleOutlineIcon, '#7C7C7C'];
  return <Icon fontSize={fontSize} sx={{ color }} data-testid="ticket-channel-icon" data-channel={channel || ''} />;
}
