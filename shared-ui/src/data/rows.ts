// Row types of the public tables (snake_case, as stored) and the spec's camelCase models, mapped in one place.
import { getSupabaseConfig } from '@site/shared-ui/supabaseClient';

export type CoursePlatform = 'YOUTUBE' | 'UDEMY' | 'SKILLSHARE';

interface Timestamps {
  created_at: string;
  updated_at: string;
}

export interface ProjectRow extends Timestamps {
  id: string;
  title: string;
  description: string;
  image_path: string;
  keywords: string[];
  link_to_project: string;
  featured_rank: number | null;
}

export interface CourseRow extends Timestamps {
  id: string;
  title: string;
  description: string;
  image_path: string;
  platform: CoursePlatform;
  keywords: string[];
  link_to_course: string;
}

export interface TestimonialRow extends Timestamps {
  id: string;
  person_name: string;
  person_image: string | null;
  platform: CoursePlatform;
  testimonial: string;
}

export interface AdRow extends Timestamps {
  id: string;
  title: string;
  description: string;
  image_path: string;
  link: string;
  promo_percent: number | null;
}

export interface VideoRow extends Timestamps {
  id: string;
  video_id: string;
  title: string;
  description: string;
  thumbnail_url: string;
  published_at: string;
  view_count: number | string | null;
  like_count: number | string | null;
}

export interface Project {
  id: string;
  title: string;
  description: string;
  imagePath: string;
  keywords: string[];
  linkToProject: string;
  featuredRank: number | null;
}

export interface Course {
  id: string;
  title: string;
  description: string;
  imagePath: string;
  platform: CoursePlatform;
  keywords: string[];
  linkToCourse: string;
}

export interface Testimonial {
  id: string;
  personName: string;
  /** Empty when the person has no picture: show the default user icon. */
  personImage: string;
  platform: CoursePlatform;
  testimonial: string;
}

export interface Ad {
  id: string;
  title: string;
  description: string;
  imagePath: string;
  link: string;
  promoPercent: number | null;
}

export interface Tutorial {
  id: string;
  videoId: string;
  title: string;
  description: string;
  thumbnailUrl: string;
  publishedAt: string;
  viewCount: number | null;
  likeCount: number | null;
}

/**
 * Images are stored as a path in the public `content` Storage bucket (or as a full URL, as for YouTube
 * thumbnails). A browser, or a crawler reading the sitemap, needs a URL: this one, on the given backend.
 */
export function storageObjectUrl(backendUrl: string, pathOrUrl: string): string {
  if (pathOrUrl === '' || /^https?:\/\//.test(pathOrUrl)) return pathOrUrl;
  const path = pathOrUrl.replace(/^\/+/, '');
  return `${backendUrl.replace(/\/+$/, '')}/storage/v1/object/public/content/${path}`;
}

/** An image's URL on the page's backend (see storageObjectUrl). */
export function contentUrl(pathOrUrl: string): string {
  return storageObjectUrl(getSupabaseConfig().url, pathOrUrl);
}

/** bigint columns arrive as numbers or, past 2^53, as strings; counts are numbers in the app. */
function toCount(value: number | string | null): number | null {
  if (value === null) return null;
  const count = Number(value);
  return Number.isFinite(count) ? count : null;
}

export function toProject(row: ProjectRow): Project {
  return {
    id: row.id,
    title: row.title,
    description: row.description,
    imagePath: contentUrl(row.image_path),
    keywords: row.keywords,
    linkToProject: row.link_to_project,
    featuredRank: row.featured_rank,
  };
}

export function toCourse(row: CourseRow): Course {
  return {
    id: row.id,
    title: row.title,
    description: row.description,
    imagePath: contentUrl(row.image_path),
    platform: row.platform,
    keywords: row.keywords,
    linkToCourse: row.link_to_course,
  };
}

export function toTestimonial(row: TestimonialRow): Testimonial {
  return {
    id: row.id,
    personName: row.person_name,
    personImage: row.person_image ? contentUrl(row.person_image) : '',
    platform: row.platform,
    testimonial: row.testimonial,
  };
}

export function toAd(row: AdRow): Ad {
  return {
    id: row.id,
    title: row.title,
    description: row.description,
    imagePath: contentUrl(row.image_path),
    link: row.link,
    promoPercent: row.promo_percent,
  };
}

export function toTutorial(row: VideoRow): Tutorial {
  return {
    id: row.id,
    videoId: row.video_id,
    title: row.title,
    description: row.description,
    thumbnailUrl: contentUrl(row.thumbnail_url),
    publishedAt: row.published_at,
    viewCount: toCount(row.view_count),
    likeCount: toCount(row.like_count),
  };
}
