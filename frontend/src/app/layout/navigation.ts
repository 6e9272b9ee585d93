/** The main sections linked from the header and the mobile drawer. */
export const MAIN_LINKS = [
  { to: '/gallery', label: 'Gallery' },
  { to: '/generate', label: 'Generate' },
  { to: '/contact', label: 'Contact' },
] as const;

export const LEGAL_LINKS = [
  { to: '/privacy-policy', label: 'Privacy policy' },
  { to: '/terms-and-conditions', label: 'Terms and conditions' },
] as const;
