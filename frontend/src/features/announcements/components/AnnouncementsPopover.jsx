import { useEffect, useState } from 'react';
import {
  Badge, Box, IconButton, List, ListItem, ListItemText, Popover, Tooltip, Typography,
} from '@mui/material';
import CampaignOutlinedIcon from '@mui/icons-material/CampaignOutlined';
import { useTranslation } from 'react-i18next';
import useSocketEvent from '../../../hooks/useSocketEvent';
import { api } from '../../../services/api';
import { socket } from '../../../services/socket';
import { formatTicketTime } from '../../tickets/utils/format';
import { ACTIVE_PATH, ANNOUNCEMENT_EVENT, PRIORITY_COLORS, applyAnnouncementEvent } from '../api/announcementsApi';

/** The platform's active announcements for every signed-in user, kept live by company-announcement. */
export default function AnnouncementsPopover() {
  const { t } = useTranslation();
  const [anchor, setAnchor] = useState(null);
  const [list, setList] = useState([]);
  const [seeds, setSeeds] = useState(0);

  // Loaded once, and again after a dropped socket (which may have missed events).
  useEffect(() => {
    let active = true;
    api.get(ACTIVE_PATH).then((data) => active && setList(Array.isArray(data) ? data : [])).catch(() => {});
    return () => {
      active = false;
    };
  }, [seeds]);
  useEffect(() => socket.onDrop(() => setSeeds((n) => n + 1)), []);
  useSocketEvent(ANNOUNCEMENT_EVENT, (data) => setList((current) => applyAnnouncementEvent(current, data)));

  return (
    <>
      <Tooltip title={t('announcements.popover.title')}>
        <IconButton color="inherit" onClick={(e) => setAnchor(e.currentTarget)} data-testid="announcements-button"
          aria-label={t('announcements.popover.title')}>
          <Badge badgeContent={list.length} color="secondary" data-testid="announcements-badge">
            <CampaignOutlinedIcon />
          </Badge>
        </IconButton>
      </Tooltip>
      <Popover open={Boolean(anchor)} anchorEl={anchor} onClose={() => setAnchor(null)}
        anchorOrigin={{ vertical: 'bottom', horizontal: 'right' }} transformOrigin={{ vertical: 'top', horizontal: 'right' }}>
        <Box sx={{ width: 360, maxHeight: 480, overflow: 'auto' }} data-testid="announcements-popover">
          <Typography variant="subtitle1" sx={{ px: 2, pt: 1.5 }}>{t('announcements.popover.title')}</Typography>
          {list.length === 0 ? (
            <Typography variant="body2" color="text.secondary" sx={{ p: 2 }}>{t('announcements.popover.empty')}</Typography>
          ) : (
            <List dense>
              {list.map((a) => (
                <ListItem key={a.id} alignItems="flex-start" data-testid="announcement-item"
                  sx={{ borderLeft: 4, borderColor: PRIORITY_COLORS[a.priority] || PRIORITY_COLORS[3], mb: 0.5, display: 'block' }}>
                  <ListItemText
                    primary={a.title}
                    secondary={(
                      <>
                        <Typography component="span" variant="body2" sx={{ whiteSpace: 'pre-line', display: 'block' }}>{a.text}</Typography>
                        <Typography component="span" variant="caption" color="text.secondary">{formatTicketTime(a.createdAt)}</Typography>
                      </>
                    )}
                  />
                  {a.mediaPath && (
                    <Box component="img" src={a.mediaPath} alt={a.mediaName} sx={{ maxWidth: '100%', maxHeight: 180, borderRadius: 1, mt: 0.5 }} />
                  )}
                </ListItem>
              ))}
            </List>
          )}
        </Box>
      </Popover>
    </>
  );
}
