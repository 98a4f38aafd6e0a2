import { api, buildUrl, publicApi } from '../../../services/api';

/**
 * The platform's whitelabel (spec/2 Whitelabel tab): public settings every visitor reads,
 * kept in localStorage so the next visit paints the right name, colours and icon at once.
 */
export const DEFAULT_NAME = 'Atende';
export const DEFAULTS = {
  appName: DEFAULT_NAME,
  primaryColorLight: '#2563eb',
  primaryColorDark: '#60a5fa',
  appLogoLight: '',
  appLogoDark: '',
  appLogoFavicon: '',
};
export const BRANDING_KEYS = Object.keys(DEFAULTS);
export const LOGO_MODES = { Light: 'appLogoLight', Dark: 'appLogoDark', Favicon: 'appLogoFavicon' };
const STORAGE_KEY = 'branding';
const COLOR = /^#[0-9a-fA-F]{6}$/;
const LOGO = /^[0-9a-f]{32}\.(png|jpg|webp|ico)$/;

export const isColor = (value) => COLOR.test(String(value ?? ''));

/** Raw values made safe: bad colours and logo names fall back; an empty name is the product's. */
export function resolveBranding(raw = {}) {
  const out = { ...DEFAULTS };
  if (String(raw.appName ?? '').trim()) out.appName = String(raw.appName).trim();
  ['primaryColorLight', 'primaryColorDark'].forEach((key) => {
    if (isColor(raw[key])) out[key] = raw[key];
  });
  Object.values(LOGO_MODES).forEach((key) => {
    if (LOGO.test(String(raw[key] ?? ''))) out[key] = raw[key];
  });
  return out;
}

/** Where a stored logo is served from (public, cached for good: a new upload has a new name). */
export const logoUrl = (name) => (name ? buildUrl(`/public/whitelabel/${encodeURIComponent(name)}`) : '');

/** The logo for a colour mode: the mode's own, else the other one, else the product's. */
export function logoFor(branding, mode) {
  const name = mode === 'dark' ? branding.appLogoDark || branding.appLogoLight : branding.appLogoLight || branding.appLogoDark;
  return name ? logoUrl(name) : '/logo.svg';
}

/** The favicon: the uploaded one, else the light logo, else the product's. */
export const faviconFor = (branding) => (branding.appLogoFavicon ? logoUrl(branding.appLogoFavicon) : logoFor(branding, 'light'));

export function readCachedBranding() {
  try {
    return resolveBranding(JSON.parse(localStorage.getItem(STORAGE_KEY) || '{}'));
  } catch {
    return { ...DEFAULTS };
  }
}

export function cacheBranding(branding) {
  try {
    localStorage.setItem(STORAGE_KEY, JSON.stringify(branding));
  } catch {
    // storage full or blocked: the defaults paint until the next fetch
  }
}

/** Reads every public branding key (GET /public-settings/{key}); a key that fails keeps its cached value. */
export async function fetchBranding(cached = readCachedBranding()) {
  const values = await Promise.all(BRANDING_KEYS.map((key) => publicApi.get(`/public-settings/${key}`)
    .then((setting) => setting?.value ?? '')
    .catch(() => cached[key])));
  return resolveBranding(Object.fromEntries(BRANDING_KEYS.map((key, i) => [key, values[i]])));
}

/** Super user: uploads a logo (mode Light, Dark or Favicon); answers the stored name. */
export function uploadLogo(mode, file) {
  const form = new FormData();
  form.append('typeArch', 'logo');
  form.append('mode', mode);
  form.append('file', file);
  return api.post('/settings-whitelabel/logo', form);
}

export const clearLogo = (mode) => api.delete('/settings-whitelabel/logo', { mode });
