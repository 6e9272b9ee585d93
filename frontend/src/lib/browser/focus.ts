/** The id of the one <main> element, the target of the "Skip to main content" link. */
export const MAIN_CONTENT_ID = 'main';

/**
 * Puts the focus on the page's heading (else on <main>), so that keyboard and screen-reader users
 * continue from the top of the new content instead of from <body> or an element that went away.
 */
export function focusPageHeading(): void {
  const main = document.getElementById(MAIN_CONTENT_ID);
  if (main === null) return;
  const target = main.querySelector<HTMLElement>('h1') ?? main;
  // Headings of pages outside components/Page are focusable only from script as well.
  if (!target.hasAttribute('tabindex')) target.setAttribute('tabindex', '-1');
  target.focus({ preventScroll: true });
}

/**
 * For dialogs and panels that close: the dialog gives the focus back to the element that opened it;
 * when that element went away meanwhile, the focus would fall to <body>, so the page heading
 * takes it instead.
 */
export function keepFocusOnPage(): void {
  const active = document.activeElement;
  if (active === null || active === document.body || !active.isConnected) focusPageHeading();
}

/** After a change of page: the heading takes the focus unless the page put it somewhere itself. */
export function focusNewPage(): void {
  const main = document.getElementById(MAIN_CONTENT_ID);
  const active = document.activeElement;
  if (main !== null && active !== null && active !== main && main.contains(active)) return;
  focusPageHeading();
}
