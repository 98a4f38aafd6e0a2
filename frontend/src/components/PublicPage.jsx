import { Box, Paper, Stack, Typography } from '@mui/material';
import ThemeToggle from '../theme/ThemeToggle';
import BrandLogo from '../features/branding/components/BrandLogo';
import { useBranding } from '../features/branding/hooks/useBranding';

/** Frame of the public pages (login, signup, password reset): the whitelabel's logo and name, title, theme toggle. */
export default function PublicPage({ title, children, actions }) {
  const { branding } = useBranding();
  return (
    <Box sx={{ minHeight: '100vh', display: 'flex', alignItems: 'center', justifyContent: 'center', p: 2 }}>
      <Paper elevation={3} sx={{ p: 4, width: '100%', maxWidth: 440 }}>
        <Stack direction="row" sx={{ justifyContent: 'space-between', alignItems: 'center', mb: 2 }}>
          <Stack direction="row" sx={{ alignItems: 'center', gap: 1.5, minWidth: 0 }}>
            <BrandLogo sx={{ height: 48, maxWidth: 180 }} />
            <Typography variant="h6" noWrap data-testid="brand-name">{branding.appName}</Typography>
          </Stack>
          <Stack direction="row">
            {actions}
            <ThemeToggle color="default" />
          </Stack>
        </Stack>
        <Typography component="h1" variant="h5" sx={{ mb: 2 }}>{title}</Typography>
        {children}
      </Paper>
    </Box>
  );
}
