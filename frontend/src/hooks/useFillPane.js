import { useEffect, useRef } from 'react';
import { nearBottom } from '../utils/pagedItems';

/**
 * Scrolling only loads more once there is something to scroll: after every render (a page came,
 * a row was removed) a pane shown (it has a height) whose rows do not reach past its bottom
 * asks for more too. The returned ref goes on the scrolling element; onEndReached (usePagedList's
 * loadMore) does nothing without more pages or while one loads.
 */
export default function useFillPane(onEndReached) {
  const pane = useRef(null);
  useEffect(() => {
    const element = pane.current;
    if (onEndReached && element?.clientHeight > 0 && nearBottom(element)) onEndReached();
  });
  return pane;
}
