import Link from '@mui/material/Link';
import { focusPageHeading, MAIN_CONTENT_ID } from '@/lib/browser/focus';

/** The first stop of the Tab key: past the header straight to the page, shown only when focused. */
export function SkipLink() {
  return (
    <Link
      href={`#${MAIN_CONTENT_ID}`}
      // Focusing in place keeps the address free of a #main that the router would act on.
      onClick={(event) => {
        event.preventDefault();
        focusPageHeading();
      }}
      sx={{
        position: 'absolute',
        left: 8,
        top: 8,
        zIndex: 'tooltip',
        p: 1.5,
        bgcolor: 'background.paper',
        boxShadow: 3,
        transform: 'translateY(-200%)',
        '&:focus': { transform: 'none' },
      }}
    >
      Skip to main content
    </Link>
  );
}
