import { memo } from 'react';
import { Avatar, Badge, Box, Chip, ListItemButton, Stack, Tooltip, Typography } from '@mui/material';
import GroupsIcon from '@mui/icons-material/Groups';
import { useTranslation } from 'react-i18next';
import BotChip from './BotChip';
import ChannelIcon from './ChannelIcon';
import {
  CONTACT_NAME_MAX, LAST_MESSAGE_MAX, formatTicketTime, lastMessagePreview, truncate,
} from '../utils/format';

const DEFAULT_TAG_COLOR = '#7C7C7C';
export const NPS_COLOR = '#C77700';

function SmallTag({ label, color, testId }) {
  return (
    <Chip
      size="small"
      label={label}
      data-testid={testId}
      sx={{
        height: 18,
        fontSize: 11,
        maxWidth: 140,
        bgcolor: color || DEFAULT_TAG_COLOR,
        color: '#fff',
        '& .MuiChip-label': { px: 0.75 },
      }}
    />
  );
}

/** One ticket of a list (spec/1 §2); botStage: what the bot still holds it for (botState.js). */
function TicketListItem({ ticket, selected, showUser, botStage, onSelect }) {
  const { t } = useTranslation();
  const contact = ticket.contact || {};
  const preview = lastMessagePreview(ticket.lastMessage);
  const lastMessage = preview.key ? t(preview.key) : truncate(preview.text, LAST_MESSAGE_MAX);
  const tags = contact.tags?.length ? contact.tags : ticket.tags || [];
  const unread = selected ? 0 : ticket.unreadMessages || 0;

  let queueLabel = ticket.queue?.name;
  let queueColor = ticket.queue?.color;
  if (ticket.status === 'lgpd') {
    queueLabel = t('tickets.item.lgpd');
    queueColor = '#5C59A0';
  } else if (!queueLabel) {
    queueLabel = t('tickets.item.noQueue');
    queueColor = DEFAULT_TAG_COLOR;
  }

  return (
    <ListItemButton
      selected={selected}
      onClick={() => onSelect(ticket)}
      data-testid="ticket-item"
      data-ticket-id={ticket.id}
      data-uuid={ticket.uuid}
      data-status={ticket.status}
      data-unread={unread}
      data-bot={botStage || undefined}
      sx={{
        alignItems: 'flex-start',
        gap: 1.5,
        borderLeft: 4,
        borderLeftColor: ticket.queue?.color || 'transparent',
        borderBottom: 1,
        borderBottomColor: 'divider',
        py: 1,
      }}
    >
      <Avatar src={contact.urlPicture || undefined} sx={{ width: 44, height: 44, mt: 0.5 }}>
        {contact.name?.[0]}
      </Avatar>
      <Box sx={{ flex: 1, minWidth: 0 }}>
        <Stack direction="row" spacing={0.5} sx={{ alignItems: 'center' }}>
          <ChannelIcon channel={ticket.channel || ticket.whatsapp?.channel || contact.channel} />
          {ticket.isGroup && (
            <Tooltip title={t('tickets.item.group')}>
              <GroupsIcon fontSize="small" color="action" data-testid="ticket-group-icon" />
            </Tooltip>
          )}
          <Typography noWrap sx={{ flex: 1, fontWeight: 600 }} data-testid="ticket-contact-name" title={contact.name}>
            {truncate(contact.name, CONTACT_NAME_MAX)}
          </Typography>
          <Typography variant="caption" color={unread ? 'success.main' : 'text.secondary'} data-testid="ticket-time">
            {formatTicketTime(ticket.updatedAt)}
          </Typography>
        </Stack>
        <Stack direction="row" spacing={1} sx={{ alignItems: 'center', mt: 0.25 }}>
          <Typography variant="body2" color="text.secondary" noWrap sx={{ flex: 1 }} data-testid="ticket-last-message">
            {lastMessage}
          </Typography>
          {unread > 0 && (
            <Badge badgeContent={unread} color="success" max={999} data-testid="ticket-unread"
              sx={{ flexShrink: 0, '& .MuiBadge-badge': { position: 'static', transform: 'none' } }} />
          )}
        </Stack>
        <Stack direction="row" spacing={0.5} useFlexGap sx={{ flexWrap: 'wrap', mt: 0.5 }}>
          {ticket.whatsapp?.name && <SmallTag label={ticket.whatsapp.name} color="#25D366" testId="ticket-connection-tag" />}
          <SmallTag label={queueLabel} color={queueColor} testId="ticket-queue-tag" />
          {ticket.status === 'nps' && <SmallTag label={t('tickets.item.nps')} color={NPS_COLOR} testId="ticket-status-tag" />}
          <BotChip stage={botStage} testId="ticket-bot-tag" />
          {showUser && ticket.user?.name && <SmallTag label={ticket.user.name} color="#000000" testId="ticket-user-tag" />}
          {tags.slice(0, 2).map((tag) => (
            <SmallTag key={tag.id} label={tag.name} color={tag.color} testId="ticket-tag" />
          ))}
          {tags.length > 2 && <SmallTag label={`+${tags.length - 2}`} testId="ticket-tag-more" />}
        </Stack>
      </Box>
    </ListItemButton>
  );
}

export default memo(TicketListItem);
