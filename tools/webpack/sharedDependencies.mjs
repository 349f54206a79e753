// What the apps share, and how strictly. Versions come from shared-ui's package.json (the kit the app is built
// against, found from the app's folder), the one place where the kit's runtime dependencies are pinned.
//
// Skew between a section and the shell (a section built against a newer kit than the shell provides) is safe:
// - What must be one instance is a strict singleton, required by major version: React, react-dom, zustand, and the
//   kit modules that hold the page's state or a React context (the event bus, the Supabase configuration, the router,
//   the page's data, the Realtime client). supabase-js is not shared: no browser code uses it (the kit reads and
//   writes with plain fetch and follows changes with the Realtime client alone). Within a major version the shell's copy serves every
//   section; a section that needs another major is refused loudly in its slot (RemoteErrorBoundary says why), never
//   run against an instance it does not understand.
// - Everything else in the kit is presentational (components, styles, pure rules) and required by exact minor: a
//   section built against kit 1.3 uses the shell's copy while the shell's kit is 1.3 or newer, and brings its own copy
//   (its build always contains one) when the shell's is older. The kit's CHANGELOG.md says what each version adds.
import { existsSync, readFileSync } from 'node:fs';
import path from 'node:path';

/** The kit's package.json as the app being built resolves it (from its node_modules, as webpack does). */
function kitPackage(from = process.cwd()) {
  for (let dir = path.resolve(from); ; dir = path.dirname(dir)) {
    const candidate = path.join(dir, 'node_modules/@site/shared-ui/package.json');
    if (existsSync(candidate)) return JSON.parse(readFileSync(candidate, 'utf8'));
    if (path.dirname(dir) === dir) break;
  }
  return JSON.parse(readFileSync(new URL('../../shared-ui/package.json', import.meta.url), 'utf8'));
}

const kit = kitPackage();
const pinned = kit.dependencies;
const major = (version) => `^${version.split('.')[0]}.0.0`;

function singleton(packageName) {
  return { singleton: true, strictVersion: true, requiredVersion: major(pinned[packageName]) };
}

/** The kit's modules that must be one instance: they hold state or a React context. */
export const kitSingletons = ['eventBus', 'supabaseClient', 'router', 'sectionData', 'tableChanges'];

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
  ...Object.fromEntries(
    kitSingletons.map((name) => [
      `@site/shared-ui/${name}`,
      { singleton: true, strictVersion: true, requiredVersion: major(kit.version) },
    ]),
  ),
  '@site/shared-ui/': { singleton: false, requiredVersion: `^${kit.version}` },
};
