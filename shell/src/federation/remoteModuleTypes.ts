import type { ComponentType } from 'react';

/** A module a section exposes through Module Federation, as `<remote>/<exposed name>`. */
export type RemoteModuleId =
  | 'portfolio/HomeAbout'
  | 'portfolio/FeaturedProjects'
  | 'portfolio/AboutPage'
  | 'portfolio/PortfolioPage'
  | 'tutorials/TutorialsTeaser'
  | 'tutorials/TutorialsPage'
  | 'courses/CoursesTeaser'
  | 'courses/CoursesPage'
  | 'help/HelpRoutes';

/** Where a section's module appears on a page. */
export interface PageSlot {
  module: RemoteModuleId;
  /** Names the section in its fallback when it cannot load. */
  sectionName: string;
  /** Space kept for the section before it arrives, so nothing below it jumps (see RemoteSlot.module.css). */
  reserve: 'page' | 'section' | 'teaser';
}

export interface RemoteComponentModule {
  default: ComponentType;
}

export type RemoteModuleLoader = (id: RemoteModuleId) => Promise<RemoteComponentModule>;
