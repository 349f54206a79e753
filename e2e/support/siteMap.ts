// The kit's site map for the tests. The kit is a CommonJS package to Node, whose named exports an ES module cannot
// import directly, so it is required (Playwright compiles the TypeScript either way).
import { createRequire } from 'node:module';

const require = createRequire(import.meta.url);

export const { findSiteMapPage, pageMetadataEntries } =
  require('@site/shared-ui/siteMap') as typeof import('@site/shared-ui/siteMap');
