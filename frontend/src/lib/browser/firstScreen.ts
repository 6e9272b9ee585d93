/** The header index.html draws until the script has loaded. */
const FIRST_SCREEN_ID = 'first-screen';

/**
 * Removes the header index.html drew: called in the frame where a layout (the shop's, or the back
 * office's, which has its own header) draws itself.
 */
export function removeFirstScreen(): void {
  document.getElementById(FIRST_SCREEN_ID)?.remove();
}
