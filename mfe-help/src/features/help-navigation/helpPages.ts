// The help area's pages, in the order the navigation and the help index list them. The paths are relative to /help
// and must match the shell's route table (shell/src/app/siteRoutes.ts), which gives each page its banner and title.

export interface HelpPage {
  path: 'privacy-policy' | 'terms-and-conditions' | 'terms-of-service';
  title: string;
  summary: string;
}

export const helpPages: readonly HelpPage[] = [
  {
    path: 'privacy-policy',
    title: 'Privacy Policy',
    summary:
      'What this site collects (your newsletter email, your contact messages, anonymous usage events), why, who else is involved, and your rights under the GDPR and the CCPA.',
  },
  {
    path: 'terms-and-conditions',
    title: 'Terms and Conditions',
    summary:
      'The rules for using this site and its content: what you may do with it, comments, linking to the site, framing it, and who is responsible for what.',
  },
  {
    path: 'terms-of-service',
    title: 'Terms of Service',
    summary:
      'The website terms and conditions of use: the licence to use the materials here, their accuracy, the disclaimer and the law that governs it all.',
  },
];

/** The site address of a help page, e.g. /help/privacy-policy. */
export function helpPageUrl(page: Pick<HelpPage, 'path'>): string {
  return `/help/${page.path}`;
}
