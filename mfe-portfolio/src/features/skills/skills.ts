// The owner's skills and how full each bar is (spec §2 About page, §9: levels of 85, 90, 95 or 100 percent).

/** The only fill levels a skill bar shows, in percent. */
export const skillLevel = {
  solid: 85,
  strong: 90,
  advanced: 95,
  expert: 100,
} as const;

export type SkillLevel = (typeof skillLevel)[keyof typeof skillLevel];

/** A bar runs from 0 to 100 percent. */
export const skillScale = { min: 0, max: 100 } as const;

export interface Skill {
  name: string;
  level: SkillLevel;
}

export const skillsText = {
  eyebrow: 'Skills',
  title: 'Tools I use every day',
  listLabel: 'Skills and levels',
} as const;

export const skills: readonly Skill[] = [
  { name: 'HTML', level: skillLevel.expert },
  { name: 'CSS', level: skillLevel.advanced },
  { name: 'Bootstrap', level: skillLevel.advanced },
  { name: 'JavaScript', level: skillLevel.advanced },
  { name: 'Angular', level: skillLevel.advanced },
  { name: 'Node.js', level: skillLevel.strong },
  { name: 'Nest.js', level: skillLevel.solid },
  { name: 'SASS', level: skillLevel.strong },
  { name: 'Git', level: skillLevel.strong },
  { name: 'PSD to HTML', level: skillLevel.expert },
  { name: 'Statamic', level: skillLevel.solid },
  { name: 'Shopify', level: skillLevel.solid },
  { name: 'Ionic', level: skillLevel.solid },
  { name: 'jQuery', level: skillLevel.strong },
];
