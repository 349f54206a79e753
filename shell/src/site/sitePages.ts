// What fills each page of the site map (@site/shared-ui/siteMap): its header banner and the section modules below
// it. The record is keyed by every path of the site map, so the compiler catches a page without a composition. The
// router, the page titles, the prerendered and server-rendered HTML and the early hints all read this.
import { owner } from '@site/shared-ui/owner';
import { normalisePath, siteMapPages, type SiteMapPage, type SitePath } from '@site/shared-ui/siteMap';
import type { HeroLinks } from '../frame/HeaderBanner.tsx';
import type { PageSlot } from '../federation/remoteModuleTypes.ts';

export interface PageComposition {
  banner: {
    title: string;
    text: string;
    /** The home page's banner fills the first screen and offers the two next steps. */
    hero?: HeroLinks;
  };
  slots: PageSlot[];
}

export interface SitePage extends SiteMapPage, PageComposition {
  path: SitePath;
}

const helpArea: PageSlot = { module: 'help/HelpRoutes', sectionName: 'Help', reserve: 'page' };

const compositions: Record<SitePath, PageComposition> = {
  '/': {
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
  '/about': {
    banner: { title: 'About Me', text: 'Who I am, what I do for my clients, and the tools I use every day.' },
    slots: [{ module: 'portfolio/AboutPage', sectionName: 'About me', reserve: 'page' }],
  },
  '/portfolio': {
    banner: {
      title: 'Portfolio',
      text: 'Browse the projects I have built, and search them by title and keywords.',
    },
    slots: [{ module: 'portfolio/PortfolioPage', sectionName: 'Portfolio', reserve: 'page' }],
  },
  '/tutorials': {
    banner: {
      title: 'Tutorials',
      text: 'Free video tutorials from my YouTube channel: search them and sort by views, trend or date.',
    },
    slots: [{ module: 'tutorials/TutorialsPage', sectionName: 'Tutorials', reserve: 'page' }],
  },
  '/courses': {
    banner: {
      title: 'Courses',
      text: 'In-depth courses on Udemy and Skillshare, from your first web page to production back-ends.',
    },
    slots: [{ module: 'courses/CoursesPage', sectionName: 'Courses', reserve: 'page' }],
  },
  '/help': {
    banner: { title: 'Help', text: 'How this site treats your data, and the terms for using it.' },
    slots: [helpArea],
  },
  '/help/privacy-policy': {
    banner: { title: 'Privacy Policy', text: 'What this site collects about you, why, and your rights.' },
    slots: [helpArea],
  },
  '/help/terms-and-conditions': {
    banner: { title: 'Terms and Conditions', text: 'The rules for using this site and its content.' },
    slots: [helpArea],
  },
  '/help/terms-of-service': {
    banner: { title: 'Terms of Service', text: 'The terms that apply when you use this website.' },
    slots: [helpArea],
  },
};

export const sitePages: SitePage[] = siteMapPages.map((page) => ({ ...page, ...compositions[page.path] }));

export function findSitePage(pathname: string): SitePage | undefined {
  const path = normalisePath(pathname);
  return sitePages.find((page) => page.path === path);
}
