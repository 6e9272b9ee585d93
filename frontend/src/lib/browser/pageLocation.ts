/**
 * Leaving the single-page app for another page (the payment provider's). An object, so that tests
 * can watch the call: a test browser cannot really navigate away.
 */
export const pageLocation = {
  assign(url: string): void {
    window.location.assign(url);
  },
};
