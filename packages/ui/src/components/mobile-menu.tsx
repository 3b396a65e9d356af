// The app shell's navigation dialog for phones, loaded the first time the menu opens: the dialog's focus trap and
// scroll lock are not needed to show a page.
import type * as React from 'react';
import { Dialog, DialogContent, DialogDescription, DialogTitle } from './dialog';

export interface MobileMenuProps {
  open: boolean;
  onOpenChange: (open: boolean) => void;
  /** The button that opened the menu, focused again when it closes. */
  triggerRef: React.RefObject<HTMLButtonElement | null>;
  /** What the dialog's title shows (the brand). */
  title: React.ReactNode;
  children: React.ReactNode;
}

export default function MobileMenu({ open, onOpenChange, triggerRef, title, children }: MobileMenuProps) {
  return (
    <Dialog open={open} onOpenChange={onOpenChange}>
      <DialogContent
        className="top-0 left-0 h-dvh max-h-dvh w-72 max-w-[85vw] translate-x-0 translate-y-0 content-start rounded-none rounded-r-xl p-3"
        onCloseAutoFocus={(event) => {
          // The trigger lives outside the dialog (it renders before this module loads), so focus goes back by hand.
          event.preventDefault();
          triggerRef.current?.focus();
        }}
      >
        <DialogTitle className="px-3 pt-2">{title}</DialogTitle>
        <DialogDescription className="sr-only">Go to any area of your journal.</DialogDescription>
        {children}
      </DialogContent>
    </Dialog>
  );
}
