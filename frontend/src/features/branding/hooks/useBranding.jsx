import { createContext, useCallback, useContext, useEffect, useMemo, useState } from 'react';
import { cacheBranding, faviconFor, fetchBranding, readCachedBranding } from '../api/branding';

const BrandingContext = createContext(null);

/** Sets the tab's icon (one link rel=icon, replaced). */
function setFavicon(href) {
  let link = document.querySelector('link[rel="icon"]');
  if (!link) {
    link = document.createElement('link');
    link.rel = 'icon';
    document.head.appendChild(link);
  }
  link.removeAttribute('type'); // the uploaded icon's type is the server's to say
  link.href = href;
}

/**
 * The whitelabel for every page, signed in or not: the cached values paint first, the public
 * settings are read once per load (and after a super user saves), then cached again.
 */
export function BrandingProvider({ children }) {
  const [branding, setBranding] = useState(readCachedBranding);

  const refresh = useCallback(async () => {
    const next = await fetchBranding();
    cacheBranding(next);
    setBranding(next);
    return next;
  }, []);

  useEffect(() => {
    refresh().catch(() => {});
  }, [refresh]);

  useEffect(() => {
    // An unread count in front (the notifications bell's) stays.
    const count = document.title.match(/^(\(\d+\)|[\u2460-\u2473])\s/)?.[0] || '';
    document.title = count + branding.appName;
    setFavicon(faviconFor(branding));
  }, [branding]);

  const value = useMemo(() => ({ branding, refresh }), [branding, refresh]);
  return <BrandingContext.Provider value={value}>{children}</BrandingContext.Provider>;
}

/** { branding, refresh }; outside a provider, the cached values. */
export function useBranding() {
  return useContext(BrandingContext) || { branding: readCachedBranding(), refresh: async () => readCachedBranding() };
}
