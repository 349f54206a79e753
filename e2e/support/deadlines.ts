// The site's deadlines, as the kit names them (see shared-ui/src/data/deadlines.ts), for tests that check them.
import { createRequire } from 'node:module';

const require = createRequire(import.meta.url);

export const { deadlines } =
  require('@site/shared-ui/deadlines') as typeof import('@site/shared-ui/deadlines');
