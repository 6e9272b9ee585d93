import AccountCircleOutlined from '@mui/icons-material/AccountCircleOutlined';
import IconButton from '@mui/material/IconButton';
import { lazy, useId, useState } from 'react';
import { LoadWhenOpened } from '@/components/LoadWhenOpened';

// The menu (a popover in a modal) stays out of the script every page loads first.
const AccountMenuList = lazy(() =>
  import('./AccountMenuList').then((module) => ({ default: module.AccountMenuList })),
);

export function AccountMenu() {
  const [anchor, setAnchor] = useState<HTMLElement | null>(null);
  const menuId = useId();
  return (
    <>
      <IconButton
        color="inherit"
        aria-label="Account"
        aria-controls={anchor === null ? undefined : menuId}
        aria-haspopup="true"
        aria-expanded={anchor !== null}
        onClick={(event) => setAnchor(event.currentTarget)}
      >
        <AccountCircleOutlined />
      </IconButton>
      <LoadWhenOpened open={anchor !== null}>
        <AccountMenuList id={menuId} anchor={anchor} onClose={() => setAnchor(null)} />
      </LoadWhenOpened>
    </>
  );
}
