import { after, before, describe, it } from 'node:test';
import assert from 'node:assert/strict';
import { createServer } from 'node:http';
import { sectionManifests } from '../sectionManifests.mjs';

const portfolioManifest = {
  metaData: { remoteEntry: { name: 'remoteEntry.js', path: '' } },
  exposes: [{ name: 'HomeAbout', assets: { css: { sync: ['about.2b.css'], async: ['kit.3c.css'] } } }],
  shared: [{ assets: { css: { sync: ['kit.3c.css'] } } }, { assets: { css: { sync: ['other.4d.css'] } } }],
};

describe("the sections' manifests", () => {
  let server;
  let requests = 0;
  let url;
  // Answers its manifest until told to hang (as a frozen section's file server does).
  let hanging = false;
  const held = [];
  before(async () => {
    server = createServer((request, response) => {
      requests += 1;
      if (hanging) held.push(response);
      else if (request.url === '/mf-manifest.json') response.end(JSON.stringify(portfolioManifest));
      else response.writeHead(404).end();
    });
    await new Promise((resolve) => server.listen(0, '127.0.0.1', resolve));
    url = `http://127.0.0.1:${server.address().port}`;
  });
  after(() => {
    for (const response of held) response.destroy();
    server.close();
  });

  it('are fetched from where remotes.json says, kept for a few seconds, and missing when a section does not answer', async () => {
    const sections = sectionManifests({
      remotes: async () => ({
        portfolio: `${url}/mf-manifest.json`,
        courses: `${url}/gone/mf-manifest.json`,
      }),
      // Not the deadline's test (the last one is): a busy machine took more than its second to answer.
      deadlineMs: 30_000,
    });
    const { manifests } = await sections.current(['portfolio', 'courses', 'unknown']);
    assert.deepEqual(manifests, { portfolio: portfolioManifest, courses: undefined });
    await sections.current(['portfolio']);
    assert.equal(requests, 2);
  });

  it("give a server-rendered module's stylesheets (its own and the kit's it loads), and the modules whose section never answered", async () => {
    const sections = sectionManifests({
      remotes: async () => ({
        portfolio: `${url}/mf-manifest.json`,
        courses: `${url}/gone/mf-manifest.json`,
      }),
    });
    assert.deepEqual(await sections.moduleStylesheets(['portfolio/HomeAbout', 'courses/CoursesPage']), {
      urls: [`${url}/about.2b.css`, `${url}/kit.3c.css`],
      unknown: ['courses/CoursesPage'],
    });
    assert.deepEqual(
      [...(await sections.listedStylesheets())],
      [`${url}/about.2b.css`, `${url}/kit.3c.css`, `${url}/other.4d.css`],
    );
  });

  it('are fetched again when remotes.json points a section elsewhere (a promote, a rollback)', async () => {
    let remotes = { portfolio: `${url}/gone/mf-manifest.json` };
    const sections = sectionManifests({ remotes: async () => remotes });
    assert.deepEqual((await sections.current(['portfolio'])).manifests, { portfolio: undefined });
    remotes = { portfolio: `${url}/mf-manifest.json` };
    assert.deepEqual((await sections.current(['portfolio'])).manifests, { portfolio: portfolioManifest });
  });

  it('keep the last one a section gave while it does not answer in time', async () => {
    const remotes = { portfolio: `${url}/mf-manifest.json` };
    // The product's own deadline: the first read must come within it on a busy machine too (100 ms did not).
    const sections = sectionManifests({ remotes: async () => remotes, freshForMs: 0 });
    assert.deepEqual((await sections.current(['portfolio'])).manifests, { portfolio: portfolioManifest });
    hanging = true;
    try {
      // The section never answers: without the deadline this would wait for good (the run's --test-timeout ends it).
      assert.deepEqual((await sections.current(['portfolio'])).manifests, { portfolio: portfolioManifest });
    } finally {
      hanging = false;
    }
  });
});
