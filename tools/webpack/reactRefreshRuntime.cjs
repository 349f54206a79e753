// React Refresh's runtime as every app's development build sees it: one runtime for the whole page. Each app's build
// holds a copy of react-refresh's runtime, but only the copy that runs before React starts (the shell's, which
// provides React to the page) learns of React's renderer and of the page's roots: a section's own copy, loaded later,
// would refresh nothing. So the first copy to run keeps itself on the page, and every later app uses that one, with
// its component ids prefixed by the app's name (two apps may both have `./src/features/search/Search.tsx`).
// In development builds createAppConfig gives this file to every request for `react-refresh/runtime`; `react-refresh`
// itself (the same file, asked for by another name) is the real runtime.
/* global __SITE_REFRESH_APP__ */
'use strict';

const pageRuntimeKey = Symbol.for('site.reactRefreshRuntime');
const runtime = (globalThis[pageRuntimeKey] ??= require('react-refresh'));

module.exports = {
  ...runtime,
  register: (type, id) => runtime.register(type, `${__SITE_REFRESH_APP__} ${id}`),
};
