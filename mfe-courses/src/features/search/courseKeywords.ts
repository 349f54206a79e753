/** The keyword chips of the courses page (spec §2), as the visitor reads them. Courses store keywords lowercase. */
export const courseKeywords = [
  'HTML',
  'CSS',
  'BOOTSTRAP',
  'JAVASCRIPT',
  'TYPESCRIPT',
  'ANGULAR',
  'NODEJS',
  'EXPRESSJS',
  'NESTJS',
  'FIREBASE',
  'MONGODB',
  'HEROKU',
  'GITHUB',
  'POSTMAN',
] as const;

export type CourseKeyword = (typeof courseKeywords)[number];
