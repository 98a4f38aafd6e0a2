/** Where a signed-in user lands (spec/1 §2 Session): the inbox. */
export const LANDING_PATH = '/tickets';

/**
 * The page to open after sign-in: the one a private route sent the visitor away from (its
 * path and query), else the inbox. The bare root is no origin of its own: it is where anyone
 * who opens the app starts, and the spec sends a fresh sign-in to /tickets.
 */
export function afterLoginPath(origin) {
  const path = origin?.pathname;
  if (!path || path === '/' || path === '/login') return LANDING_PATH;
  return `${path}${origin.search || ''}`;
}
