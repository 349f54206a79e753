// The site's links, shared by the navbar and the footer.
import { owner } from '@site/shared-ui/owner';

export interface InternalLink {
  label: string;
  to: string;
}

export const navbarLinks: InternalLink[] = [
  { label: 'Home', to: '/' },
  { label: 'About', to: '/about' },
  { label: 'Portfolio', to: '/portfolio' },
  { label: 'Tutorials', to: '/tutorials' },
  { label: 'Courses', to: '/courses' },
];

export const blogLink = { label: 'Blog', href: owner.blogUrl };

export interface FooterLinkGroup {
  title: string;
  links: InternalLink[];
}

export const footerLinkGroups: FooterLinkGroup[] = [
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
  {
    title: 'Help',
    links: [
      { label: 'Privacy Policy', to: '/help/privacy-policy' },
      { label: 'Terms and Conditions', to: '/help/terms-and-conditions' },
      { label: 'Terms of Service', to: '/help/terms-of-service' },
    ],
  },
];
