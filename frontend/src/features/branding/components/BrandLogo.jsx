import { Box } from '@mui/material';
import { useColorMode } from '../../../theme/ColorModeProvider';
import { logoFor } from '../api/branding';
import { useBranding } from '../hooks/useBranding';

/** The platform's logo for the current colour mode. */
export default function BrandLogo({ sx, mode, ...props }) {
  const { branding } = useBranding();
  const colorMode = useColorMode();
  const src = logoFor(branding, mode || colorMode?.mode || 'light');
  return <Box component="img" src={src} alt={branding.appName} data-testid="brand-logo" sx={{ objectFit: 'contain', ...sx }} {...props} />;
}
