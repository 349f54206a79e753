// What every page of the site must show, from the product spec (the shell's route table is the implementation).
import { findSiteMapPage } from './siteMap.ts';

export interface ExpectedPage {
  path: string;
  title: string;
  banner: string | RegExp;
}

export const expectedPages: ExpectedPage[] = [
  { path: '/', title: 'Alex Morgan | Home', banner: "Hello, I'm Alex Morgan, Web Developer" },
  { path: '/about', title: 'Alex Morgan | About', banner: 'About Me' },
  { path: '/portfolio', title: 'Alex Morgan | Portfolio', banner: 'Portfolio' },
  { path: '/tutorials', title: 'Alex Morgan | Tutorials', banner: 'Tutorials' },
  { path: '/courses', title: 'Alex Morgan | Courses', banner: 'Courses' },
  { path: '/help', title: 'Alex Morgan | Help', banner: 'Help' },
  { path: '/help/privacy-policy', title: 'Alex Morgan | Privacy Policy', banner: 'Privacy Policy' },
  {
    path: '/help/terms-and-conditions',
    title: 'Alex Morgan | Terms and Conditions',
    banner: 'Terms and Conditions',
  },
  { path: '/help/terms-of-service', title: 'Alex Morgan | Terms of Service', banner: 'Terms of Service' },
];

/** The description the site map gives the page ('' when it has none), which meta.json and the HTML must carry. */
export function expectedDescription(pagePath: string): string {
  return findSiteMapPage(pagePath)?.description ?? '';
}
