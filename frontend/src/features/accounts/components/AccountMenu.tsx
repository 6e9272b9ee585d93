import { useId, useState } from 'react';
import { themedLazy } from '@/components/theme/themedLazy';
import { LoadWhenOpened } from '@/components/LoadWhenOpened';
import { AccountCircleOutlinedIcon } from '@/components/plain/icons';

// The menu (a popover in a modal) stays out of the script every page loads first.
const AccountMenuList = themedLazy(() =>
  import('./AccountMenuList').then((module) => ({ default: module.AccountMenuList })),
);

export function AccountMenu() {
  const [anchor, setAnchor] = useState<HTMLElement | null>(null);
  const menuId = useId();
  return (
    <>
      <button
        type="button"
        className="icon-button"
        aria-label="Account"
        aria-controls={anchor === null ? undefined : menuId}
        aria-haspopup="true"
        aria-expanded={anchor !== null}
        onClick={(event) => setAnchor(event.currentTarget)}
      >
        <AccountCircleOutlinedIcon />
      </button>
      <LoadWhenOpened open={anchor !== null}>
        <AccountMenuList id={menuId} anchor={anchor} onClose={() => setAnchor(null)} />
      </LoadWhenOpened>
    </>
  );
}
