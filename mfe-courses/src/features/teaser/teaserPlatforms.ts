import type { CoursePlatform } from '@site/shared-ui/rows';

export interface TeaserPlatform {
  platform: CoursePlatform;
  text: string;
}

/** The two platforms the home page points to (spec §2); their profile links come from the owner's config. */
export const teaserPlatforms: readonly TeaserPlatform[] = [
  {
    platform: 'UDEMY',
    text: 'In-depth courses with lifetime access: build real projects step by step, from HTML and CSS to Angular, Node.js and NestJS.',
  },
  {
    platform: 'SKILLSHARE',
    text: 'Short, project-based classes you can finish in an afternoon, with hands-on exercises for each skill.',
  },
];
