// Google's own pages for the Google services this site uses or may show (reCAPTCHA, the AdSense ad network).
export const googlePolicies = {
  privacyPolicy: 'https://policies.google.com/privacy',
  termsOfService: 'https://policies.google.com/terms',
  /** How Google uses cookies in advertising, and how to turn personalised ads off: the ad network's policy page. */
  advertising: 'https://policies.google.com/technologies/ads',
} as const;
