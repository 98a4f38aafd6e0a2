import { Avatar, Badge, Button, Card, CardContent, Stack, Typography } from '@mui/material';
import WhatsAppIcon from '@mui/icons-material/WhatsApp';
import FacebookIcon from '@mui/icons-material/Facebook';
import InstagramIcon from '@mui/icons-material/Instagram';
import ChatOutlinedIcon from '@mui/icons-material/ChatOutlined';
import { useNavigate } from 'react-router';
import { useTranslation } from 'react-i18next';

const CHANNEL_ICONS = { whatsapp: WhatsAppIcon, whatsappapi: WhatsAppIcon, facebook: FacebookIcon, instagram: InstagramIcon };

/** A ticket on the board (spec/3): number, contact number, last message, channel, user, 'Visualizar'. */
export default function KanbanCard({ card, onDragStart }) {
  const { t } = useTranslation();
  const navigate = useNavigate();
  const Icon = CHANNEL_ICONS[card.channel] || ChatOutlinedIcon;
  return (
    <Card
      draggable
      onDragStart={(e) => { e.dataTransfer.setData('text/plain', String(card.id)); onDragStart?.(card); }}
      data-testid="kanban-card"
      data-id={card.id}
      sx={{ mb: 1, cursor: 'grab' }}
    >
      <CardContent sx={{ p: 1.5, '&:last-child': { pb: 1.5 } }}>
        <Stack sx={{ alignItems: 'center' }} direction="row" spacing={1}>
          <Badge color="success" badgeContent={card.unreadMessages || 0}>
            <Avatar sx={{ width: 28, height: 28 }}><Icon fontSize="small" /></Avatar>
          </Badge>
          <Stack sx={{ minWidth: 0, flex: 1 }}>
            <Typography variant="subtitle2" noWrap>{t('kanban.card.ticket', { id: card.id })} · {card.contact?.name}</Typography>
            <Typography variant="caption" color="text.secondary" noWrap>{card.contact?.number}</Typography>
          </Stack>
        </Stack>
        <Typography variant="body2" sx={{ mt: 1 }} noWrap title={card.lastMessage}>{card.lastMessage}</Typography>
        <Stack direction="row" sx={{ alignItems: 'center', justifyContent: 'space-between', mt: 1 }}>
          <Typography variant="caption" color="text.secondary" noWrap>
            {[card.whatsapp?.name, card.user?.name].filter(Boolean).join(' · ')}
          </Typography>
          <Button size="small" onClick={() => navigate(`/tickets/${card.uuid}`)} data-testid="kanban-card-view">
            {t('kanban.card.view')}
          </Button>
        </Stack>
      </CardContent>
    </Card>
  );
}
