import { focusPageHeading, MAIN_CONTENT_ID } from '@/lib/browser/focus';
import './layout.css';

/** The first stop of the Tab key: past the header straight to the page, shown only when focused. */
export function SkipLink() {
  return (
    <a
      href={`#${MAIN_CONTENT_ID}`}
      className="text-link skip-link"
      // Focusing in place keeps the address free of a #main that the router would act on.
      onClick={(event) => {
        event.preventDefault();
        focusPageHeading();
      }}
    >
      Skip to main content
    </a>
  );
}
