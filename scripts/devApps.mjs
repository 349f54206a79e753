// The apps `npm run dev` can watch (the shell and the four sections), the folder each is built in, and where each
// one's dev server listens for the open pages: the five ports after the site's own (3005-3009, moved by
// SITE_PORT_OFFSET like every other port), so a development site holds ten ports in a row, 3000-3009.
import { sectionFolders } from '../shell/server/serveSite.mjs';

export const apps = ['shell', ...Object.keys(sectionFolders)];

/** Where `npm run dev` builds an app, beside its production build (dist), which it never touches. */
export const devBuildFolder = 'dist-dev';

/** @param {string} app */
export function appFolder(app) {
  if (app === 'shell') return 'shell';
  const folder = sectionFolders[app];
  if (!folder) throw new Error(`No app is called "${app}": the apps are ${apps.join(', ')}`);
  return folder;
}

/** @param {string} app @param {number} offset */
export function devServerPort(app, offset) {
  return 3005 + apps.indexOf(app) + offset;
}
