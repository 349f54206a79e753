// The site map: every page's address, name (for the title), description, and the links of the navbar, the footer and
// the help area. The shell's routes, titles and prerendered/server-rendered pages, the help section's pages and the
// served /assets/data/meta.json (spec §7, generated from this at build time) all read it, so they always agree.
// Which section modules fill a page is the shell's business (shell/src/site/sitePages.ts).
import { owner } from '@site/shared-ui/owner';

export interface SiteMapPage {
  path: string;
  /** The page's name: its title is the site's name followed by it (spec §1). */
  pageName: string;
  /** Its meta description (spec §4: set on every navigation from the metadata file). */
  description: string;
}

export const siteMapPages = [
  {
    path: '/',
    pageName: 'Home',
    description:
      'Alex Morgan is a freelance full-stack web developer in Lisbon who builds fast, accessible web apps and teaches web development through free video tutorials and online courses.',
  },
  {
    path: '/about',
    pageName: 'About',
    description:
      'About Alex Morgan: full-stack (MEAN stack) developer with more than six years of experience, the services on offer and the skills behind them.',
  },
  {
    path: '/portfolio',
    pageName: 'Portfolio',
    description:
      'Projects built by Alex Morgan, searchable by title and by technology: Angular, Nest.js, WebSockets, Statamic, Bootstrap and more.',
  },
  {
    path: '/tutorials',
    pageName: 'Tutorials',
    description:
      'Free web development video tutorials by Alex Morgan: search the channel and sort by views, trend or date.',
  },
  {
    path: '/courses',
    pageName: 'Courses',
    description:
      'Online courses by Alex Morgan on Udemy and Skillshare: HTML, CSS, JavaScript, TypeScript, Angular, Node.js, Nest.js, MongoDB and more.',
  },
  {
    path: '/help',
    pageName: 'Help',
    description:
      'Help for visitors of alexmorgan.dev: the privacy policy, the terms and conditions and the terms of service.',
  },
  {
    path: '/help/privacy-policy',
    pageName: 'Privacy Policy',
    description:
      'How alexmorgan.dev collects, uses and protects your data, and your rights under the GDPR and the CCPA.',
  },
  {
    path: '/help/terms-and-conditions',
    pageName: 'Terms and Conditions',
    description: 'The terms and conditions for using alexmorgan.dev and its content.',
  },
  {
    path: '/help/terms-of-service',
    pageName: 'Terms of Service',
    description: 'The website terms and conditions of use of alexmorgan.dev.',
  },
] as const satisfies readonly SiteMapPage[];

/** The address of a page of the site. */
export type SitePath = (typeof siteMapPages)[number]['path'];

/** The name of the page shown for any other address (spec §2). */
export const notFoundPageName = 'Page Not Found';

/** The title of a page: the product name followed by the page name (spec §1). */
export function pageTitle(pageName: string): string {
  return `${owner.siteName} | ${pageName}`;
}

/** The path as the site map writes it: no trailing slash, except for the home page. */
export function normalisePath(pathname: string): string {
  return pathname.length > 1 ? pathname.replace(/\/+$/, '') : pathname;
}

export function findSiteMapPage(pathname: string): (typeof siteMapPages)[number] | undefined {
  const path = normalisePath(pathname);
  return siteMapPages.find((page) => page.path === path);
}

/** The page's title; the not-found page's for an address that is no page. */
export function titleForPath(pathname: string): string {
  return pageTitle(findSiteMapPage(pathname)?.pageName ?? notFoundPageName);
}

/** The entries of /assets/data/meta.json (spec §3 "Page metadata record"). */
export function pageMetadataEntries(): { page: SitePath; metaDescription: string }[] {
  return siteMapPages.map((page) => ({ page: page.path, metaDescription: page.description }));
}

export interface SiteLink {
  label: string;
  to: SitePath;
}

/** The navbar (spec §2), then the external blog link, which opens in a new tab. */
export const navbarLinks: readonly SiteLink[] = [
  { label: 'Home', to: '/' },
  { label: 'About', to: '/about' },
  { label: 'Portfolio', to: '/portfolio' },
  { label: 'Tutorials', to: '/tutorials' },
  { label: 'Courses', to: '/courses' },
];

export const blogLink = { label: 'Blog', href: owner.blogUrl } as const;

/** The help area's pages, in the order its navigation, its index and the footer list them. */
export const helpPages = [
  {
    slug: 'privacy-policy',
    path: '/help/privacy-policy',
    title: 'Privacy Policy',
    summary:
      'What this site collects (your newsletter email, your contact messages, anonymous usage events), why, who else is involved, and your rights under the GDPR and the CCPA.',
  },
  {
    slug: 'terms-and-conditions',
    path: '/help/terms-and-conditions',
    title: 'Terms and Conditions',
    summary:
      'The rules for using this site and its content: what you may do with it, comments, linking to the site, framing it, and who is responsible for what.',
  },
  {
    slug: 'terms-of-service',
    path: '/help/terms-of-service',
    title: 'Terms of Service',
    summary:
      'The website terms and conditions of use: the licence to use the materials here, their accuracy, the disclaimer and the law that governs it all.',
  },
] as const satisfies readonly { slug: string; path: SitePath; title: string; summary: string }[];

export type HelpPage = (typeof helpPages)[number];

export interface FooterLinkGroup {
  title: string;
  links: readonly SiteLink[];
}

/** The footer's link groups (spec §2: About Me, My Content, Help). */
export const footerLinkGroups: readonly FooterLinkGroup[] = [
  {
    title: 'About Me',
    links: [
      { label: 'About', to: '/about' },
      { label: 'Portfolio', to: '/portfolio' },
    ],
  },
  {
    title: 'My Content',
    links: [
      { label: 'Tutorials', to: '/tutorials' },
      { label: 'Courses', to: '/courses' },
    ],
  },
  { title: 'Help', links: helpPages.map((page) => ({ label: page.title, to: page.path })) },
];
