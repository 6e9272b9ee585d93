import type { ReactNode } from 'react';
import { Button } from './ui/Button';
import { Dialog } from './ui/Dialog';

interface SheetProps {
  open: boolean;
  title: string;
  onClose: () => void;
  children: ReactNode;
}

/**
 * A panel that slides up from the bottom of a phone's screen over the page: the kit's dialog, with
 * its Close button at the bottom, under the thumb.
 */
export function Sheet({ open, title, onClose, children }: SheetProps) {
  return (
    <Dialog
      open={open}
      onClose={onClose}
      variant="bottom-sheet"
      title={title}
      actions={<Button onClick={onClose}>Close</Button>}
    >
      {children}
    </Dialog>
  );
}
