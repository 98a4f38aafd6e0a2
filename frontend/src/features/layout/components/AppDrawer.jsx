import { Fragment } from 'react';
import { Box, Drawer, List, ListItemButton, ListItemIcon, ListItemText, Toolbar, Tooltip, Typography } from '@mui/material';
import { Link as RouterLink, useLocation } from 'react-router';
import { useTranslation } from 'react-i18next';
import { useAuth } from '../../auth/hooks/useAuth';
import useVersion from '../hooks/useVersion';
import { guardNavigation } from '../../../hooks/useLeaveGuard';
import menuItems from './menuItems';

export const DRAWER_WIDTH = 240;
export const DRAWER_CLOSED_WIDTH = 64;

/** An entry's Gate (optional) may hide it by what a hook reads, e.g. a company setting. */
const Shown = ({ children }) => children;

function MenuList({ open, onNavigate }) {
  const { t } = useTranslation();
  const { user } = useAuth();
  const { pathname } = useLocation();
  return (
    <List>
      {menuItems
        .filter((item) => item.visible(user))
        .map(({ to, labelKey, Icon, Badge, Gate = Shown, testId }) => (
          <Gate key={to}>
            <Tooltip title={open ? '' : t(labelKey)} placement="right">
              <ListItemButton component={RouterLink} to={to} selected={to === '/' ? pathname === '/' : pathname === to || pathname.startsWith(`${to}/`)} onClick={(event) => { if (!guardNavigation(event, to)) onNavigate?.(); }} data-testid={testId}>
                <ListItemIcon>{Badge ? <Badge><Icon /></Badge> : <Icon />}</ListItemIcon>
                {open && <ListItemText primary={t(labelKey)} />}
              </ListItemButton>
            </Tooltip>
          </Gate>
        ))}
    </List>
  );
}

/** Side menu: permanent (full or icons only) on wide screens, temporary on phones. */
export default function AppDrawer({ open, mobile, onClose }) {
  const { t } = useTranslation();
  const version = useVersion();
  const width = open ? DRAWER_WIDTH : DRAWER_CLOSED_WIDTH;
  const content = (
    <Box sx={{ display: 'flex', flexDirection: 'column', height: '100%' }}>
      <Toolbar />
      <Box sx={{ flex: 1, overflowY: 'auto', overflowX: 'hidden' }}>
        <MenuList open={open || mobile} onNavigate={mobile ? onClose : undefined} />
      </Box>
      {version && (open || mobile) && (
        <Typography variant="caption" color="text.secondary" sx={{ p: 2 }} data-testid="app-version">
          {t('layout.version', { version })}
        </Typography>
      )}
    </Box>
  );

  if (mobile) {
    return (
      <Drawer variant="temporary" open={open} onClose={onClose} data-testid="drawer" data-open={open}
        slotProps={{ paper: { sx: { width: DRAWER_WIDTH } } }}>
        {content}
      </Drawer>
    );
  }
  return (
    <Drawer
      variant="permanent"
      data-testid="drawer"
      data-open={open}
      sx={{ width, flexShrink: 0, transition: 'width 200ms' }}
      slotProps={{ paper: { sx: { width, overflowX: 'hidden', transition: 'width 200ms' } } }}
    >
      {content}
    </Drawer>
  );
}
