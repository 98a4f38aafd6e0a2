import { useEffect } from 'react';

// The page holding unsaved work, if any: (to) => true when it takes the navigation over (it
// asks first, then goes to `to` itself). The app's router has no blocker (BrowserRouter), so
// the in-app links that leave a page ask here (guardNavigation) before they go.
let current = null;

/** While active, in-app links call onLeave(to) instead of leaving (a page with unsaved work). */
export default function useLeaveGuard(active, onLeave) {
  useEffect(() => {
    if (!active) return undefined;
    current = onLeave;
    return () => {
      if (current === onLeave) current = null;
    };
  }, [active, onLeave]);
}

/** For a link's onClick: true (and the click's navigation cancelled) when a page took it over. */
export function guardNavigation(event, to) {
  if (!current || !current(to)) return false;
  event.preventDefault();
  return true;
}
