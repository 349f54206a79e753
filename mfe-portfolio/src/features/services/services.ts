// What the owner offers clients (spec §2 About page: six services).
export type ServiceIconName = 'stack' | 'testing' | 'webApp' | 'responsive' | 'codeQuality' | 'pixelPerfect';

export interface Service {
  title: string;
  description: string;
  icon: ServiceIconName;
}

export const servicesText = {
  eyebrow: 'Services',
  title: 'What I can do for you',
} as const;

export const services: readonly Service[] = [
  {
    title: 'MEAN Stack Development',
    description:
      'MongoDB, Express.js, Angular and Node.js applications built end to end, from the data model to the last button.',
    icon: 'stack',
  },
  {
    title: 'Quality Assurance Testing',
    description: 'Unit, integration and end-to-end tests that catch regressions before your users do.',
    icon: 'testing',
  },
  {
    title: 'Web App Development',
    description: 'Fast single-page applications and APIs that stay easy to change as your product grows.',
    icon: 'webApp',
  },
  {
    title: 'Fully Responsive',
    description: 'Layouts that read and work well on phones, tablets and wide desktop screens alike.',
    icon: 'responsive',
  },
  {
    title: 'Code Quality',
    description: 'Typed, linted and reviewed code with clear names, so the next developer can pick it up.',
    icon: 'codeQuality',
  },
  {
    title: 'Pixel Perfect',
    description: 'Designs from Figma, XD or PSD turned into HTML and CSS that match them to the pixel.',
    icon: 'pixelPerfect',
  },
];
