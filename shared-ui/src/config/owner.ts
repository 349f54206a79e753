// The owner's identity, in one place: every app reads its name, links and profiles from here.

export interface SocialProfile {
  network: 'facebook' | 'instagram' | 'youtube' | 'linkedin' | 'github';
  label: string;
  url: string;
}

export const owner = {
  name: 'Alex Morgan',
  firstName: 'Alex',
  jobTitle: 'Full-Stack Web Developer',
  /** The product name: every page title starts with it. */
  siteName: 'Alex Morgan',
  siteUrl: 'https://alexmorgan.dev',
  /** The site's account on Mastodon and the rest of the fediverse: @alex@alexmorgan.dev (the site's own host). */
  fediverseHandle: 'alex',
  /** The owner's illustrated portrait, in the public content bucket (the about page, the fediverse avatar). */
  portraitPath: 'owner/alex-morgan-portrait.webp',
  email: 'hello@alexmorgan.dev',
  birthday: '14 March 1993',
  city: 'Lisbon',
  country: 'Portugal',
  hobbies: ['Cycling', 'Photography', 'Chess', 'Teaching'],
  blogUrl: 'https://blog.alexmorgan.dev',
  resumeUrl: '/assets/alex-morgan-resume.pdf',
  channel: {
    name: 'Alex Morgan Codes',
    url: 'https://www.youtube.com/@alexmorgancodes',
    subscribeUrl: 'https://www.youtube.com/@alexmorgancodes?sub_confirmation=1',
  },
  coursePlatforms: {
    UDEMY: 'https://www.udemy.com/user/alex-morgan-dev/',
    SKILLSHARE: 'https://www.skillshare.com/en/profile/alex-morgan/',
    YOUTUBE: 'https://www.youtube.com/@alexmorgancodes/playlists',
  },
  socialProfiles: [
    { network: 'facebook', label: 'Facebook', url: 'https://www.facebook.com/alexmorgan.dev' },
    { network: 'instagram', label: 'Instagram', url: 'https://www.instagram.com/alexmorgan.dev' },
    { network: 'youtube', label: 'YouTube', url: 'https://www.youtube.com/@alexmorgancodes' },
    { network: 'linkedin', label: 'LinkedIn', url: 'https://www.linkedin.com/in/alexmorgan-dev' },
    { network: 'github', label: 'GitHub', url: 'https://github.com/alexmorgan-dev' },
  ] satisfies SocialProfile[],
} as const;

export type CoursePlatform = keyof typeof owner.coursePlatforms;
