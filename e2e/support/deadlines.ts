// The site's deadlines, as the kit names them (see shared-ui/src/data/deadlines.ts), for tests that check them.
import { createRequire } from 'node:module';

const require = createRequire(import.meta.url);

export const { deadlines } =
  require('@site/shared-ui/deadlines') as typeof import('@site/shared-ui/deadlines');

/** How long after the load event the sections further down and the live updates start without an interaction. */
export const { ENHANCEMENT_FALLBACK_MS: enhancementFallbackMs } =
  require('@site/shared-ui/afterFirstInteraction') as typeof import('@site/shared-ui/afterFirstInteraction');
