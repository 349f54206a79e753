// The owner's experience (spec §1), one card per field.
export interface ExperienceArea {
  title: string;
  summary: string;
  /** What the card lists under the summary. */
  listLabel: string;
  items: readonly string[];
}

export const experienceText = {
  eyebrow: 'Experience',
  title: 'What I have built',
} as const;

export const experienceAreas: readonly ExperienceArea[] = [
  {
    title: 'Front-End Development',
    summary:
      'More than 100 websites built and shipped, from marketing pages to large single-page applications.',
    listLabel: 'Technologies',
    items: ['HTML', 'CSS', 'Bootstrap', 'JavaScript', 'Angular', 'RxJS', 'NGRX'],
  },
  {
    title: 'Back-End Development',
    summary: 'REST and real-time APIs, authentication and data models that stay fast as they grow.',
    listLabel: 'Technologies',
    items: ['Node.js', 'Express.js', 'Nest.js'],
  },
  {
    title: 'Full-Stack Development',
    summary: 'Complete applications, from the database to the interface, including these sample apps:',
    listLabel: 'Sample apps',
    items: [
      'Todo and post apps',
      'A chatbot for a messaging platform',
      'A crypto transaction system',
      'A logistics tracker',
      'An event scheduler',
      'An ad-tracking system',
    ],
  },
];
