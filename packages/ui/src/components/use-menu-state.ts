import { useEffect, useState } from 'react';
import { useLocation } from 'react-router-dom';

/** Open state for a navigation menu (a dialog or a disclosure) that closes itself once the user follows a link. */
export function useMenuState() {
  const [open, setOpen] = useState(false);
  const { pathname, hash } = useLocation();
  // biome-ignore lint/correctness/useExhaustiveDependencies: closing is the reaction to a change of location
  useEffect(() => {
    setOpen(false);
  }, [pathname, hash]);
  return [open, setOpen] as const;
}
