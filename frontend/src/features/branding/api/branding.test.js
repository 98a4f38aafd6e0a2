import { beforeEach, describe, expect, it, vi } from 'vitest';
import { publicApi } from '../../../services/api';
import {
  DEFAULTS, cacheBranding, faviconFor, fetchBranding, logoFor, readCachedBranding, resolveBranding,
} from './branding';

const LOGO = `${'a'.repeat(32)}.png`;

describe('branding', () => {
  beforeEach(() => {
    localStorage.clear();
    vi.restoreAllMocks();
  });

  it('falls back to the product name and default colours; refuses odd values', () => {
    expect(resolveBranding({ appName: '  ', primaryColorLight: 'red', appLogoLight: 'https://evil.example/x.svg' })).toEqual(DEFAULTS);
    expect(resolveBranding({ appName: ' Central ', primaryColorDark: '#112233', appLogoDark: LOGO }))
      .toMatchObject({ appName: 'Central', primaryColorDark: '#112233', appLogoDark: LOGO });
  });

  it('picks the logo of the mode, then the other mode, then the product logo; the favicon falls back to the light logo', () => {
    const none = resolveBranding({});
    expect(logoFor(none, 'dark')).toBe('/logo.svg');
    const lightOnly = resolveBranding({ appLogoLight: LOGO });
    expect(logoFor(lightOnly, 'dark')).toContain(`/public/whitelabel/${LOGO}`);
    expect(faviconFor(lightOnly)).toContain(`/public/whitelabel/${LOGO}`);
    const ico = `${'b'.repeat(32)}.ico`;
    expect(faviconFor(resolveBranding({ appLogoLight: LOGO, appLogoFavicon: ico }))).toContain(ico);
  });

  it('reads every public key anonymously and keeps the cached value of a key that fails', async () => {
    cacheBranding({ ...DEFAULTS, appName: 'Antes' });
    const get = vi.spyOn(publicApi, 'get').mockImplementation(async (path) => {
      if (path.endsWith('/appName')) throw new Error('offline');
      if (path.endsWith('/primaryColorLight')) return { key: 'primaryColorLight', value: '#abcdef' };
      return { value: '' };
    });
    const got = await fetchBranding();
    expect(get).toHaveBeenCalledWith('/public-settings/appLogoFavicon');
    expect(got.appName).toBe('Antes');
    expect(got.primaryColorLight).toBe('#abcdef');
    expect(readCachedBranding().appName).toBe('Antes');
  });
});
