import type { ExposedModule, RemoteModuleId } from '@site/shared-ui/sectionContracts';

export type { RemoteModuleId } from '@site/shared-ui/sectionContracts';

/** Where a section's module appears on a page. */
export interface PageSlot {
  module: RemoteModuleId;
  /** Names the section in its fallback when it cannot load. */
  sectionName: string;
  /** Space kept for the section before it arrives, so nothing below it jumps (see RemoteSlot.module.css). */
  reserve: 'page' | 'section' | 'teaser';
}

/** What an exposed module gives the shell (the sections' contract). */
export type RemoteComponentModule = ExposedModule;

export type RemoteModuleLoader = (id: RemoteModuleId) => Promise<RemoteComponentModule>;
