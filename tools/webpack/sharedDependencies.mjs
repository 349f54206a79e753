// The modules every app shares as singletons. Versions come from shared-ui's package.json, the one place
// where the kit's runtime dependencies are pinned, so the shell and the sections always agree.
import { readFileSync } from 'node:fs';

const sharedUiPackage = JSON.parse(
  readFileSync(new URL('../../shared-ui/package.json', import.meta.url), 'utf8'),
);
const pinned = sharedUiPackage.dependencies;

function singleton(packageName) {
  return { singleton: true, requiredVersion: `^${pinned[packageName]}` };
}

export const sharedDependencies = {
  react: singleton('react'),
  // Subpath imports (react/jsx-runtime, react-dom/client) need trailing-slash keys, or a
  // second copy of React loads and hooks break.
  'react/': singleton('react'),
  'react-dom': singleton('react-dom'),
  'react-dom/': singleton('react-dom'),
  // react-router is not shared by itself: every app imports it through the kit's '@site/shared-ui/router', which
  // is shared (one router instance) and carries only the parts the site uses.
  zustand: singleton('zustand'),
  '@supabase/supabase-js': singleton('@supabase/supabase-js'),
  '@site/shared-ui/': { singleton: true, requiredVersion: `^${sharedUiPackage.version}` },
};
