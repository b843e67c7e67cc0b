import { useEffect } from 'react';
import { useLocation, useNavigationType } from 'react-router';

/**
 * Opens a thread at its top (title in view) when it is reached by a link or after publishing: the router keeps the
 * previous page's scroll, which left a new thread scrolled down to where the editor's publish button was. Back and
 * forward (POP) and links to an anchor keep the browser's own position.
 */
export function useOpenAtTop(threadId: number): void {
  const type = useNavigationType();
  const { hash } = useLocation();
  useEffect(() => {
    if (type !== 'POP' && !hash) window.scrollTo(0, 0);
    // Once per thread opened, not on every re-render.
  }, [threadId]);
}
