import { Box, Paper, Stack, Typography } from '@mui/material';
import ThemeToggle from '../theme/ThemeToggle';

/** Frame of the public pages (login, signup, password reset): logo, title, theme toggle. */
export default function PublicPage({ title, children, actions }) {
  return (
    <Box sx={{ minHeight: '100vh', display: 'flex', alignItems: 'center', justifyContent: 'center', p: 2 }}>
      <Paper elevation={3} sx={{ p: 4, width: '100%', maxWidth: 440 }}>
        <Stack direction="row" sx={{ justifyContent: 'space-between', alignItems: 'center', mb: 2 }}>
          <Box component="img" src="/logo.svg" alt="Atende" sx={{ width: 48, height: 48 }} />
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
