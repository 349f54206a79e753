// Types for the TypeScript callers of releases.mjs (the end-to-end tests).
export function uploadRelease(options: {
  app: string;
  distDir: string;
  root: string;
}): Promise<{ version: string; folder: string; created: boolean }>;
export function promoteRelease(options: {
  app: string;
  version: string;
  root: string;
  publicUrl?: string;
}): Promise<{ previous: string | undefined; live: string }>;
