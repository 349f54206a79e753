import { describe, it } from 'node:test';
import assert from 'node:assert/strict';
import { stylesheetsOf } from '../serveSite.mjs';

const remotes = {
  help: 'http://localhost:3004/mf-manifest.json',
  courses: 'http://localhost:3003/mf-manifest.json',
};
const helpManifest = {
  exposes: [{ name: 'HelpRoutes', assets: { css: { sync: ['help.1111111111.css'], async: [] } } }],
  shared: [],
};
/** The stylesheet route as the site's server has it: every file kept here under one name. */
const styles = {
  localUrls: async (urls) => urls.map((url) => `/section-styles/${new URL(url).pathname.slice(1)}`),
};

describe("a server-rendered module's stylesheets", () => {
  it("are its section's, from its browser manifest", async () => {
    const of = stylesheetsOf(async () => ({ remotes, manifests: { help: helpManifest } }), styles);
    assert.deepEqual(await of(['help/HelpRoutes']), {
      hrefs: ['/section-styles/help.1111111111.css'],
      unknown: [],
    });
  });

  it('are unknown while its section has never answered with a manifest: the slot is then left to the browser', async () => {
    const of = stylesheetsOf(
      async () => ({ remotes, manifests: { help: helpManifest, courses: undefined } }),
      styles,
    );
    assert.deepEqual(await of(['help/HelpRoutes', 'courses/CoursesPage']), {
      hrefs: ['/section-styles/help.1111111111.css'],
      unknown: ['courses/CoursesPage'],
    });
  });
});
