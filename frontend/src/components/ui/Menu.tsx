import * as DropdownMenu from '@radix-ui/react-dropdown-menu';
import type { ReactElement, ReactNode } from 'react';
import './overlays.css';

interface MenuProps {
  /** The button that opens it; it gets aria-haspopup, aria-expanded and aria-controls. */
  trigger: ReactElement;
  open?: boolean;
  onOpenChange?: (open: boolean) => void;
  /** MenuItem elements. */
  children: ReactNode;
}

/**
 * A menu of actions and links (Radix): arrow keys move between its items, typing jumps to one,
 * Escape closes it and the focus returns to its button; so does the focus moving elsewhere. Not
 * modal: a modal menu would hide the rest of the page from assistive technology while its links
 * stay focusable. It opens in 300 ms and closes in 250 ms (SPEC.md section 9; overlays.css).
 */
export function Menu({ trigger, open, onOpenChange, children }: MenuProps) {
  return (
    <DropdownMenu.Root open={open} onOpenChange={onOpenChange} modal={false}>
      <DropdownMenu.Trigger asChild>{trigger}</DropdownMenu.Trigger>
      <DropdownMenu.Portal>
        <DropdownMenu.Content
          className="menu"
          align="end"
          sideOffset={4}
          onCloseAutoFocus={(event) => {
            // The menu gives the focus back to its button only once its closing animation has
            // ended. A link chosen from it has opened another page meanwhile, which may hold the
            // focus already (its heading, or a field the user is typing in): leave it there.
            if (focusIsOnThePage()) event.preventDefault();
          }}
        >
          {children}
        </DropdownMenu.Content>
      </DropdownMenu.Portal>
    </DropdownMenu.Root>
  );
}

/** Whether something that is still on the page has the focus (not <body>, not the closing menu). */
function focusIsOnThePage(): boolean {
  const active = document.activeElement;
  return (
    active !== null &&
    active !== document.body &&
    active.isConnected &&
    active.closest('.menu') === null
  );
}

interface MenuItemProps {
  /** A link (a react-router Link) to show as the item, instead of a plain entry. */
  asChild?: boolean;
  onSelect?: () => void;
  children: ReactNode;
}

/** One entry of a Menu: an action (onSelect) or, with asChild, the link it wraps. */
export function MenuItem({ asChild = false, onSelect, children }: MenuItemProps) {
  return (
    <DropdownMenu.Item className="menu__item" asChild={asChild} onSelect={onSelect}>
      {children}
    </DropdownMenu.Item>
  );
}
