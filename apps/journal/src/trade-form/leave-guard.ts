// Asks before the trader leaves a form with unsaved changes: the browser's own prompt on a reload, a close or another
// site, and the app's prompt on a link within it (its sidebar, a notice's link). The app has no data router, so the
// links are caught as they are clicked, before the router's own handler. Back is not asked about; the draft
// (trade-draft.ts) brings the input back there.
import { useEffect, useState } from 'react';

/** While `dirty`: the path a link would go to, held until the trader stays or leaves. */
export function useLeaveGuard(dirty: boolean): { pending: string | null; stay: () => void } {
  const [pending, setPending] = useState<string | null>(null);
  useEffect(() => {
    if (!dirty) return;
    const onBeforeUnload = (event: BeforeUnloadEvent) => {
      event.preventDefault();
      // Older browsers show their prompt only when a value is returned.
      event.returnValue = '';
    };
    const onClick = (event: MouseEvent) => {
      if (event.defaultPrevented || event.button !== 0 || event.metaKey || event.ctrlKey || event.shiftKey) return;
      if (event.altKey || !(event.target instanceof Element)) return;
      const link = event.target.closest('a[href]');
      if (
        !(link instanceof HTMLAnchorElement) ||
        (link.target && link.target !== '_self') ||
        link.hasAttribute('download')
      )
        return;
      const url = new URL(link.href, window.location.href);
      if (url.origin !== window.location.origin) return;
      if (url.pathname === window.location.pathname && url.search === window.location.search) return;
      event.preventDefault();
      event.stopPropagation();
      setPending(`${url.pathname}${url.search}${url.hash}`);
    };
    window.addEventListener('beforeunload', onBeforeUnload);
    document.addEventListener('click', onClick, true);
    return () => {
      window.removeEventListener('beforeunload', onBeforeUnload);
      document.removeEventListener('click', onClick, true);
    };
  }, [dirty]);
  return { pending, stay: () => setPending(null) };
}
