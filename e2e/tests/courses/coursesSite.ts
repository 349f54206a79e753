// What the courses specs share: the seeded rows as the owner's database holds them, and the page's parts as a
// visitor finds them. Live specs name their rows with liveRowPrefix, so specs running in parallel can tell them
// apart from the seed.
import { expect, type Page } from '@playwright/test';
import { expectAnsweredTitles } from '../../support/catalogue.ts';
import { dismissTheAdWhenInTheWay } from '../../support/adToast.ts';
import { waitForSectionReady } from '../../support/sections.ts';
import { ownerDatabase } from '../../support/database.ts';

export const liveRowPrefix = 'E2E courses live';

/** The 14 chips of the courses page (spec §2). */
export const courseChips = [
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

export interface SeededCourse {
  title: string;
  description: string;
  platform: 'YOUTUBE' | 'UDEMY' | 'SKILLSHARE';
  keywords: string[];
  link_to_course: string;
  image_path: string;
}

export interface SeededTestimonial {
  person_name: string;
  person_image: string | null;
  platform: 'YOUTUBE' | 'UDEMY' | 'SKILLSHARE';
  testimonial: string;
}

function notLive<T>(rows: T[], name: (row: T) => string): T[] {
  return rows.filter((row) => !name(row).startsWith(liveRowPrefix));
}

/** The courses of the seed (rows other specs add live are left out). */
export async function seededCourses(): Promise<SeededCourse[]> {
  const { data, error } = await ownerDatabase()
    .from('courses')
    .select('title, description, platform, keywords, link_to_course, image_path')
    .order('created_at', { ascending: false });
  if (error) throw new Error(`reading courses: ${error.message}`);
  return notLive(data as SeededCourse[], (row) => row.title);
}

export async function seededTestimonials(): Promise<SeededTestimonial[]> {
  const { data, error } = await ownerDatabase()
    .from('testimonials')
    .select('person_name, person_image, platform, testimonial')
    .order('created_at', { ascending: true });
  if (error) throw new Error(`reading testimonials: ${error.message}`);
  return notLive(data as SeededTestimonial[], (row) => row.person_name);
}

/**
 * A visitor who saw the newsletter pop-up less than 30 minutes ago (spec §4), so its dialog does not cover the
 * page, and who dismisses the ad toast whenever it would be in the way of a click.
 */
export async function asReturningVisitor(page: Page): Promise<void> {
  await page.addInitScript(() => {
    window.localStorage.setItem('newsletterTimestamp', String(Date.now() + 30 * 60 * 1000));
  });
  await dismissTheAdWhenInTheWay(page);
}

export function coursesPage(page: Page) {
  const grid = page.getByRole('list', { name: 'Courses', exact: true });
  return {
    searchBox: page.getByRole('searchbox', { name: 'Search courses by title' }),
    searchButton: page.getByRole('search').getByRole('button', { name: 'Search' }),
    chips: page.getByRole('list', { name: 'Filter courses by keyword' }),
    chip: (keyword: string) =>
      page
        .getByRole('list', { name: 'Filter courses by keyword' })
        .getByRole('button', { name: keyword, exact: true }),
    grid,
    summary: page.getByRole('region', { name: 'All courses' }).getByRole('status'),
    showAll: page.getByRole('link', { name: 'Show all courses' }),
    card: (title: string) =>
      grid.getByRole('article').filter({ has: page.getByRole('heading', { name: title, exact: true }) }),
    testimonials: page.getByRole('region', { name: 'What my students say' }),
    /** The titles the grid shows, leaving out rows that live specs add meanwhile. */
    shownTitles: async (): Promise<string[]> => {
      if ((await grid.count()) === 0) return [];
      const titles = await grid.getByRole('heading', { level: 3 }).allTextContents();
      return titles.filter((title) => !title.startsWith(liveRowPrefix));
    },
  };
}

/** The section arrives through Module Federation, then its rows: allow for a busy machine. */
export const sectionLoadTimeout = 20_000;

/** Opens /courses and waits for the seeded courses. */
export async function openCoursesPage(page: Page) {
  await page.goto('/courses');
  const parts = coursesPage(page);
  await waitForSectionReady(page, 'courses/CoursesPage');
  await expect(parts.grid.getByRole('article').first()).toBeVisible({ timeout: sectionLoadTimeout });
  return parts;
}

export function sorted(values: readonly string[]): string[] {
  return [...values].sort((a, b) => a.localeCompare(b));
}

/** The grid once the search under way has answered (in any order). */
export async function expectShownTitles(parts: CoursesPageParts, expected: readonly string[]) {
  await expectAnsweredTitles(parts.grid, async () => sorted(await parts.shownTitles()), sorted(expected));
}

export type CoursesPageParts = ReturnType<typeof coursesPage>;
