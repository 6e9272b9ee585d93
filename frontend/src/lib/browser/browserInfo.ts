/**
 * What the payment provider asks about the browser for 3-D Secure (SPEC.md section 3: the browser
 * info of the order and deposit payloads).
 */
export interface BrowserInfo {
  javascriptEnabled: boolean;
  acceptLanguage: string;
  screenWidth: number;
  screenHeight: number;
  /** Minutes from local time to UTC, as `Date.prototype.getTimezoneOffset` answers. */
  timeZoneOffset: number;
  userAgent: string;
}

export function browserInfo(): BrowserInfo {
  const languages = navigator.languages.length > 0 ? navigator.languages : [navigator.language];
  return {
    javascriptEnabled: true,
    acceptLanguage: languages.join(','),
    screenWidth: window.screen.width,
    screenHeight: window.screen.height,
    timeZoneOffset: new Date().getTimezoneOffset(),
    userAgent: navigator.userAgent,
  };
}
