// The keyword chips of the portfolio page (spec §2), in the spec's order and spelling. Projects store their
// keywords in lower case ('nest.js'); a chip matches a project whose keywords include it, whatever the case.
export const projectKeywordChips = [
  'HTML',
  'CSS',
  'BOOTSTRAP',
  'JAVASCRIPT',
  'ANGULAR',
  'NEST.JS',
  'STATAMIC',
  'WEBSOCKETS',
] as const;

export type ProjectKeywordChip = (typeof projectKeywordChips)[number];
