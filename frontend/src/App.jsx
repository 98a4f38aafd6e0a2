import { BrowserRouter } from 'react-router';
import { SWRConfig } from 'swr';
import { fetcher } from './services/api';
import { ColorModeProvider } from './theme/ColorModeProvider';
import { BrandingProvider } from './features/branding/hooks/useBranding';
import { AuthProvider } from './features/auth/hooks/useAuth';
import Toaster from './components/Toaster';
import AppRoutes from './routes/AppRoutes';

const swrOptions = { fetcher, revalidateOnFocus: false, shouldRetryOnError: false };

export default function App() {
  return (
    <BrandingProvider>
      <ColorModeProvider>
        <BrowserRouter>
          <SWRConfig value={swrOptions}>
            <AuthProvider>
              <AppRoutes />
            </AuthProvider>
          </SWRConfig>
        </BrowserRouter>
        <Toaster />
      </ColorModeProvider>
    </BrandingProvider>
  );
}
