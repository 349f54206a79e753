// Every page of the site: its address, its name (for the title), its header banner and the section modules that
// fill it. The shell's router, page titles, prerendered HTML and not-found handling all read this one table.
import { owner } from '@site/shared-ui/owner';

/** A module a section exposes through Module Federation, as `<remote>/<exposed name>`. */
export type RemoteModuleId =
  | 'portfolio/HomeAbout'
  | 'portfolio/FeaturedProjects'
  | 'portfolio/AboutPage'
  | 'portfolio/PortfolioPage'
  | 'tutorials/TutorialsTeaser'
  | 'tutorials/TutorialsPage'
  | 'courses/CoursesTeaser'
  | 'courses/CoursesPage'
  | 'help/HelpRoutes';

export interface PageSlot {
  module: RemoteModuleId;
  /** Names the section in its fallback when it cannot load. */
  sectionName: string;
  /** Space kept for the section before it arrives, so nothing below it jumps (see RemoteSlot.module.css). */
  reserve: 'page' | 'section' | 'teaser';
}

export interface SitePage {
  path: string;
  pageName: string;
  banner: {
    title: string;
    text: string;
    /** The home page's banner fills the first screen and offers the two next steps. */
    hero?: { links: { label: string; to: string }[] };
  };
  slots: PageSlot[];
}

const helpArea: PageSlot = { module: 'help/HelpRoutes', sectionName: 'Help', reserve: 'page' };

export const sitePages: SitePage[] = [
  {
    path: '/',
    pageName: 'Home',
    banner: {
      title: `Hello, I'm ${owner.name}, Web Developer`,
      text: 'I build fast, accessible web applications for clients around the world, and teach what I learn along the way.',
      hero: {
        links: [
          { label: 'See my projects', to: '/portfolio' },
          { label: 'Get in touch', to: '#contact' },
        ],
      },
    },
    slots: [
      { module: 'portfolio/HomeAbout', sectionName: 'About me', reserve: 'page' },
      { module: 'portfolio/FeaturedProjects', sectionName: 'Featured projects', reserve: 'section' },
      { module: 'tutorials/TutorialsTeaser', sectionName: 'Tutorials', reserve: 'teaser' },
      { module: 'courses/CoursesTeaser', sectionName: 'Courses', reserve: 'teaser' },
    ],
  },
  {
    path: '/about',
    pageName: 'About',
    banner: {
      title: 'About Me',
      text: 'Who I am, what I do for my clients, and the tools I use every day.',
    },
    slots: [{ module: 'portfolio/AboutPage', sectionName: 'About me', reserve: 'page' }],
  },
  {
    path: '/portfolio',
    pageName: 'Portfolio',
    banner: {
      title: 'Portfolio',
      text: 'Browse the projects I have built, and search them by title and keywords.',
    },
    slots: [{ module: 'portfolio/PortfolioPage', sectionName: 'Portfolio', reserve: 'page' }],
  },
  {
    path: '/tutorials',
    pageName: 'Tutorials',
    banner: {
      title: 'Tutorials',
      text: 'Free video tutorials from my YouTube channel: search them and sort by views, trend or date.',
    },
    slots: [{ module: 'tutorials/TutorialsPage', sectionName: 'Tutorials', reserve: 'page' }],
  },
  {
    path: '/courses',
    pageName: 'Courses',
    banner: {
      title: 'Courses',
      text: 'In-depth courses on Udemy and Skillshare, from your first web page to production back-ends.',
    },
    slots: [{ module: 'courses/CoursesPage', sectionName: 'Courses', reserve: 'page' }],
  },
  {
    path: '/help',
    pageName: 'Help',
    banner: { title: 'Help', text: 'How this site treats your data, and the terms for using it.' },
    slots: [helpArea],
  },
  {
    path: '/help/privacy-policy',
    pageName: 'Privacy Policy',
    banner: { title: 'Privacy Policy', text: 'What this site collects about you, why, and your rights.' },
    slots: [helpArea],
  },
  {
    path: '/help/terms-and-conditions',
    pageName: 'Terms and Conditions',
    banner: { title: 'Terms and Conditions', text: 'The rules for using this site and its content.' },
    slots: [helpArea],
  },
  {
    path: '/help/terms-of-service',
    pageName: 'Terms of Service',
    banner: { title: 'Terms of Service', text: 'The terms that apply when you use this website.' },
    slots: [helpArea],
  },
];

export const notFoundPage = {
  pageName: 'Page Not Found',
} as const;

export function findSitePage(pathname: string): SitePage | undefined {
  const path = pathname.length > 1 ? pathname.replace(/\/+$/, '') : pathname;
  return sitePages.find((page) => page.path === path);
}

export function pageTitle(pageName: string): string {
  return `${owner.siteName} | ${pageName}`;
}
