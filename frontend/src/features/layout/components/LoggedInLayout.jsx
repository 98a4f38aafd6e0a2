import { useState } from 'react';
import { AppBar, Box, Toolbar, useMediaQuery } from '@mui/material';
import { Outlet } from 'react-router';
import { useAuth } from '../../auth/hooks/useAuth';
import useDueDateWarning from '../hooks/useDueDateWarning';
import AppDrawer from './AppDrawer';
import TopBar from './TopBar';

/** Signed-in frame: top bar, side drawer and the page. */
export default function LoggedInLayout() {
  const { user } = useAuth();
  const mobile = useMediaQuery((theme) => theme.breakpoints.down('sm'), { noSsr: true });
  const [open, setOpen] = useState(() => !mobile && user.defaultMenu !== 'closed');
  useDueDateWarning(user.company);

  return (
    <Box sx={{ display: 'flex', height: '100vh' }} data-testid="layout">
      <AppBar position="fixed" sx={{ zIndex: (theme) => theme.zIndex.drawer + 1 }}>
        <TopBar onToggleMenu={() => setOpen((value) => !value)} />
      </AppBar>
      <AppDrawer open={open} mobile={mobile} onClose={() => setOpen(false)} />
      <Box component="main" sx={{ flex: 1, minWidth: 0, display: 'flex', flexDirection: 'column' }}>
        <Toolbar />
        <Box sx={{ flex: 1, minHeight: 0, overflow: 'auto' }}>
          <Outlet />
        </Box>
      </Box>
    </Box>
  );
}
