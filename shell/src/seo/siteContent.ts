// The rows of the public tables that decide when a page last changed and what it shows (its images), by section
// module: the sitemap's lastmod and image entries, and the courses' structured data, come from here.
import type {
  CourseRow,
  NewsletterIssueRow,
  ProjectRow,
  TestimonialRow,
  VideoRow,
} from '@site/shared-ui/rows';
import type { RemoteModuleId } from '../federation/remoteModuleTypes.ts';

/** What the pages show of the catalogues: their first page (what /portfolio and /courses show), never all of them. */
export interface SiteContentRows {
  /** The first page of /portfolio, newest first. */
  projects: ProjectRow[];
  /** The home page's featured projects, by rank. */
  featuredProjects: ProjectRow[];
  /** The first page of /courses, newest first. */
  courses: CourseRow[];
  /** Only the most recently changed row is needed (lastmod): the server may load just that one. */
  testimonials: Pick<TestimonialRow, 'updated_at'>[];
  videos: Pick<VideoRow, 'updated_at'>[];
  /** The channel's newest videos, for its feed. */
  feedVideos: Pick<
    VideoRow,
    'video_id' | 'title' | 'description' | 'thumbnail_url' | 'published_at' | 'updated_at'
  >[];
  /** The newest issues of the newsletter that went out, for its archive, feed and the sitemap. */
  newsletterIssues: NewsletterIssueRow[];
}

export const noContentRows: SiteContentRows = {
  projects: [],
  featuredProjects: [],
  courses: [],
  testimonials: [],
  videos: [],
  feedVideos: [],
  newsletterIssues: [],
};

/** The rows, and the backend whose Storage serves their images (the site's Supabase URL). */
export interface SiteContent {
  rows: SiteContentRows;
  backendUrl: string;
}

/** A row a page shows: when it last changed, and its image (a Storage path or URL) with what it depicts. */
export interface ShownRow {
  updatedAt: string;
  image?: { pathOrUrl: string; title: string };
}

const projectShown = (row: ProjectRow): ShownRow => ({
  updatedAt: row.updated_at,
  image: { pathOrUrl: row.image_path, title: row.title },
});
const courseShown = (row: CourseRow): ShownRow => ({
  updatedAt: row.updated_at,
  image: { pathOrUrl: row.image_path, title: row.title },
});
const changedAt = (row: { updated_at: string }): ShownRow => ({ updatedAt: row.updated_at });

/** What each module shows. Exhaustive: a new module makes the compiler ask what it shows. */
const rowsShownBy: Record<RemoteModuleId, (rows: SiteContentRows) => ShownRow[]> = {
  'portfolio/HomeAbout': () => [],
  'portfolio/FeaturedProjects': (rows) => rows.featuredProjects.map(projectShown),
  'portfolio/AboutPage': () => [],
  'portfolio/PortfolioPage': (rows) => rows.projects.map(projectShown),
  // The channel's figures on the home page are fixed numbers (spec §9), not rows.
  'tutorials/TutorialsTeaser': () => [],
  'tutorials/TutorialsPage': (rows) => [...rows.videos, ...rows.testimonials].map(changedAt),
  // One card per platform, not per course.
  'courses/CoursesTeaser': () => [],
  'courses/CoursesPage': (rows) => [...rows.courses.map(courseShown), ...rows.testimonials.map(changedAt)],
  'help/HelpRoutes': () => [],
};

export function rowsShownOn(modules: readonly RemoteModuleId[], rows: SiteContentRows): ShownRow[] {
  return modules.flatMap((module) => rowsShownBy[module](rows));
}
