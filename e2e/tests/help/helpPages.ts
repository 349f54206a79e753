// The help area's pages as a visitor meets them (spec §2): address, page title (product name, then page name),
// banner heading, and the link that names the page in the help navigation.
export interface HelpPageExpectation {
  path: string;
  title: string;
  banner: string;
  navLink: string;
}

function helpPage(path: string, pageName: string, navLink = pageName): HelpPageExpectation {
  return { path, title: `Alex Morgan | ${pageName}`, banner: pageName, navLink };
}

export const helpIndex = helpPage('/help', 'Help', 'Overview');
export const privacyPolicy = helpPage('/help/privacy-policy', 'Privacy Policy');
export const termsAndConditions = helpPage('/help/terms-and-conditions', 'Terms and Conditions');
export const termsOfService = helpPage('/help/terms-of-service', 'Terms of Service');

export const legalPages = [privacyPolicy, termsAndConditions, termsOfService];
