import { Box, IconButton, Toolbar, Tooltip, Typography } from '@mui/material';
import MenuIcon from '@mui/icons-material/Menu';
import RefreshIcon from '@mui/icons-material/Refresh';
import { useTranslation } from 'react-i18next';
import ThemeToggle from '../../../theme/ThemeToggle';
import { isAdmin } from '../../../utils/permissions';
import { useAuth } from '../../auth/hooks/useAuth';
import NotificationsPopover from '../../tickets/components/NotificationsPopover';
import ChatPopover from '../../chats/components/ChatPopover';
import { internalChatAllowed } from '../../chats/api/access';
import DueDateText from './DueDateText';
import UserMenu from './UserMenu';
import BrandLogo from '../../branding/components/BrandLogo';
import AnnouncementsPopover from '../../announcements/components/AnnouncementsPopover';
import VolumeControl from './VolumeControl';

export default function TopBar({ onToggleMenu }) {
  const { t } = useTranslation();
  const { user } = useAuth();
  return (
    <Toolbar sx={{ gap: 1 }}>
      <Tooltip title={t('layout.toggleMenu')}>
        <IconButton color="inherit" edge="start" onClick={onToggleMenu} data-testid="menu-toggle" aria-label={t('layout.toggleMenu')}>
          <MenuIcon />
        </IconButton>
      </Tooltip>
      <BrandLogo sx={{ height: 32, maxWidth: 120, display: { xs: 'none', md: 'block' } }} />
      <Box sx={{ flex: 1, minWidth: 0, display: 'flex', alignItems: 'center', gap: 2 }}>
        <Typography noWrap data-testid="welcome-text" sx={{ display: { xs: 'none', sm: 'block' }, flex: '0 1 auto' }}>
          {t('layout.welcome', { name: user.name, company: user.company?.name ?? '' })}
        </Typography>
        {isAdmin(user) && <DueDateText dueDate={user.company?.dueDate} timeZone={user.company?.timezone} />}
      </Box>
      <ThemeToggle />
      {/* A phone's bar keeps the popovers and the user menu; the volume and the reload (the
          browser has its own) go from narrow screens so nothing is cut off. */}
      <Box sx={{ display: { xs: 'none', sm: 'flex' }, alignItems: 'center', gap: 1 }}>
        <VolumeControl />
        <Tooltip title={t('layout.refresh')}>
          <IconButton color="inherit" onClick={() => window.location.reload()} data-testid="refresh-button" aria-label={t('layout.refresh')}>
            <RefreshIcon />
          </IconButton>
        </Tooltip>
      </Box>
      <AnnouncementsPopover />
      <NotificationsPopover />
      {internalChatAllowed(user) && <ChatPopover />}
      <UserMenu />
    </Toolbar>
  );
}
