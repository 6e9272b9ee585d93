import { lazy, Suspense, useState, type ComponentProps } from 'react';
import { AccountCircleOutlinedIcon } from '@/components/ui/icons';

// The menu stays out of the script every page loads first: it loads on the first click, while
// the same button stands in its place.
const AccountMenuList = lazy(() =>
  import('./AccountMenuList').then((module) => ({ default: module.AccountMenuList })),
);

function AccountButton(props: ComponentProps<'button'>) {
  return (
    <button
      type="button"
      className="icon-button"
      aria-label="Account"
      aria-haspopup="menu"
      aria-expanded={false}
      {...props}
    >
      <AccountCircleOutlinedIcon />
    </button>
  );
}

export function AccountMenu() {
  const [open, setOpen] = useState(false);
  const [loaded, setLoaded] = useState(false);
  if (!loaded) {
    return (
      <AccountButton
        onClick={() => {
          setLoaded(true);
          setOpen(true);
        }}
      />
    );
  }
  return (
    <Suspense fallback={<AccountButton aria-expanded />}>
      <AccountMenuList open={open} onOpenChange={setOpen} trigger={<AccountButton />} />
    </Suspense>
  );
}
