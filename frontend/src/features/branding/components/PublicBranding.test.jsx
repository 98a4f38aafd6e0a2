import { act } from 'react';
import { MemoryRouter } from 'react-router';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { publicApi } from '../../../services/api';
import { byTestId, render } from '../../../test/render';
import PublicPage from '../../../components/PublicPage';
import { ColorModeProvider } from '../../../theme/ColorModeProvider';
import { BrandingProvider } from '../hooks/useBranding';

const LOGO = `${'c'.repeat(32)}.png`;
const settle = () => act(async () => new Promise((resolve) => setTimeout(resolve, 10)));

describe('whitelabel for an anonymous visitor', () => {
  let view;
  afterEach(() => {
    view?.unmount();
    localStorage.clear();
    vi.restoreAllMocks();
  });

  it('shows the name and logo on the public pages and sets the title and favicon', async () => {
    const values = { appName: 'Central Acme', appLogoLight: LOGO, primaryColorLight: '#112233' };
    vi.spyOn(publicApi, 'get').mockImplementation(async (path) => ({ value: values[path.split('/').pop()] ?? '' }));
    view = render(
      <BrandingProvider>
        <ColorModeProvider>
          <MemoryRouter><PublicPage title="Entrar">x</PublicPage></MemoryRouter>
        </ColorModeProvider>
      </BrandingProvider>,
    );
    await settle();
    expect(byTestId('brand-name').textContent).toBe('Central Acme');
    expect(byTestId('brand-logo').getAttribute('src')).toContain(`/public/whitelabel/${LOGO}`);
    expect(document.title).toBe('Central Acme');
    expect(document.querySelector('link[rel="icon"]').getAttribute('href')).toContain(LOGO);
    // Cached for the next visit's first paint.
    expect(JSON.parse(localStorage.getItem('branding')).appName).toBe('Central Acme');
  });

  it('uses the product name when the system name is empty', async () => {
    vi.spyOn(publicApi, 'get').mockResolvedValue({ value: '' });
    view = render(<BrandingProvider><ColorModeProvider><MemoryRouter><PublicPage title="Entrar">x</PublicPage></MemoryRouter></ColorModeProvider></BrandingProvider>);
    await settle();
    expect(byTestId('brand-name').textContent).toBe('Atende');
    expect(byTestId('brand-logo').getAttribute('src')).toBe('/logo.svg');
  });
});
