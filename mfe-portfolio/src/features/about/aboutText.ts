// Who the owner is, in our own words: shown on the home page's About section and on /about.
import { owner } from '@site/shared-ui/owner';

/** Spec §1: "more than 6 years of experience". */
export const yearsOfExperience = 6;

export const aboutText = {
  eyebrow: 'About Me',
  homeTitle: `I'm ${owner.firstName}, a full-stack web developer`,
  summary: [
    `I'm ${owner.name}, a full-stack web developer who specialises in the MEAN stack (MongoDB, Express.js, Angular and Node.js), with more than ${yearsOfExperience} years of experience turning ideas into fast, dependable web applications.`,
    'I work with start-ups, agencies and small businesses on everything from pixel-perfect landing pages to real-time dashboards and APIs, and I share what I learn through free video tutorials and online courses.',
  ],
  moreAboutMe: 'More about me',
} as const;

export const aboutPath = '/about';
