import { useState } from 'react';
import { Avatar, IconButton, ListItemIcon, Menu, MenuItem } from '@mui/material';
import PersonOutlinedIcon from '@mui/icons-material/PersonOutlined';
import LogoutIcon from '@mui/icons-material/Logout';
import { useTranslation } from 'react-i18next';
import { useAuth } from '../../auth/hooks/useAuth';
import ProfileDialog from './ProfileDialog';

export default function UserMenu() {
  const { t } = useTranslation();
  const { user, handleLogout } = useAuth();
  const [anchor, setAnchor] = useState(null);
  const [profileOpen, setProfileOpen] = useState(false);

  const openProfile = () => {
    setAnchor(null);
    setProfileOpen(true);
  };

  return (
    <>
      <IconButton onClick={(e) => setAnchor(e.currentTarget)} data-testid="user-menu-button" aria-label={t('layout.profile')}>
        <Avatar src={user.profileImage || undefined} sx={{ width: 32, height: 32 }}>{user.name?.[0]}</Avatar>
      </IconButton>
      <Menu anchorEl={anchor} open={Boolean(anchor)} onClose={() => setAnchor(null)}>
        <MenuItem onClick={openProfile} data-testid="menu-profile">
          <ListItemIcon><PersonOutlinedIcon fontSize="small" /></ListItemIcon>
          {t('layout.profile')}
        </MenuItem>
        <MenuItem onClick={handleLogout} data-testid="menu-logout">
          <ListItemIcon><LogoutIcon fontSize="small" /></ListItemIcon>
          {t('common.logout')}
        </MenuItem>
      </Menu>
      <ProfileDialog open={profileOpen} onClose={() => setProfileOpen(false)} />
    </>
  );
}
