import { pageDataHtml } from '@site/shared-ui/sectionData';
import { Readable } from 'node:stream';
import { composePage, splitDocument } from '../pageDocument.ts';
import { isDueForCheck, manifestVersion, serverManifestUrl } from '../sectionServers.ts';

describe('the document around a server-rendered page', () => {
  it('keeps the head and the end of the prerendered page, and leaves its root to fill', () => {
    const html =
      '<!doctype html><html><head><title>T</title></head><body><div id="root"><nav><div>frame</div></nav></div>\n  </body></html>';
    const { before, after } = splitDocument(html);
    expect(before).toBe('<!doctype html><html><head><title>T</title></head><body><div id="root">');
    expect(after).toBe('</div>\n  </body></html>');
    expect(() => splitDocument('<html><body></body></html>')).toThrow(/no <div id="root">/);
  });

  it('embeds the data as a JSON block no text in it can close or turn into a script', () => {
    const html = pageDataHtml({
      rendered: ['portfolio/PortfolioPage'],
      data: { 'projects:title:asc': [{ title: '</script><script>alert(1)</script>', note: 'a\u2028b' }] },
    });
    expect(html.startsWith('<script type="application/json" id="page-data">')).toBe(true);
    expect(html.indexOf('</script>')).toBe(html.length - '</script>'.length);
    expect(html).not.toContain('<script>alert');
    const json = html.slice(html.indexOf('>') + 1, -'</script>'.length);
    expect(JSON.parse(json)).toEqual({
      rendered: ['portfolio/PortfolioPage'],
      data: { 'projects:title:asc': [{ title: '</script><script>alert(1)</script>', note: 'a\u2028b' }] },
    });
  });
});

describe("the sections' server builds", () => {
  it('are found beside the browser build remotes.json points at', () => {
    expect(serverManifestUrl('https://cdn.example.com/portfolio/v7/mf-manifest.json')).toBe(
      'https://cdn.example.com/portfolio/v7/server/mf-manifest.json',
    );
  });

  it('are read again at most every interval, and a changed manifest is a new version', () => {
    expect(isDueForCheck(undefined, 1000, 2000)).toBe(true);
    expect(isDueForCheck(0, 1999, 2000)).toBe(false);
    expect(isDueForCheck(0, 2000, 2000)).toBe(true);
    expect(manifestVersion('{"a":1}')).toBe(manifestVersion('{"a":1}'));
    expect(manifestVersion('{"a":1}')).not.toBe(manifestVersion('{"a":2}'));
  });

  it('puts the rendered root, the stylesheets and the data into the document of the request, kept or streamed', async () => {
    const document =
      '<html><head><title>T</title></head><body><div id="root"><nav>frame</nav></div></body></html>';
    const parts = {
      headHtml: '<link rel="stylesheet" href="/a.css" />',
      dataHtml: '<script type="application/json" id="page-data">{}</script>',
    };
    const expected =
      '<html><head><title>T</title><link rel="stylesheet" href="/a.css" /></head><body><div id="root"><main>page</main></div><script type="application/json" id="page-data">{}</script></body></html>';
    expect(composePage(document, parts, '<main>page</main>')).toBe(expected);
    const streamed = composePage(document, parts, Readable.from(['<main>', 'page</main>']));
    let text = '';
    for await (const chunk of streamed) text += String(chunk);
    expect(text).toBe(expected);
  });

  it("links one stylesheet in the place of the frame's own when the first holds them too", () => {
    const document =
      '<html><head><title>T</title><link href="/main.0123456789.css" rel="stylesheet" />\n    <script defer src="/boot.js"></script></head><body><div id="root"><nav>frame</nav></div></body></html>';
    const headHtml = '<link rel="stylesheet" href="/section-styles/abc.css" />';
    const page = composePage(
      document,
      { headHtml, replacesDocumentStylesheets: true, dataHtml: '' },
      '<main />',
    );
    expect(page.match(/rel="stylesheet"/g)).toHaveLength(1);
    expect(page).toContain(`<script defer src="/boot.js"></script>${headHtml}</head>`);
    // Otherwise (no section's stylesheet could be combined) the frame's own stays.
    expect(composePage(document, { headHtml: '', dataHtml: '' }, '<main />')).toContain(
      '/main.0123456789.css',
    );
  });

  it("keeps a row's `$'`, `` $` ``, `$&` and `$$` as text: the page stays whole and its data parses to them", async () => {
    const text = "cut $' paste $` all $& dollar $$ group $1";
    const document =
      '<html><head><title>T</title></head><body><div id="root"><nav>frame</nav></div></body></html>';
    const parts = {
      headHtml: '',
      dataHtml: pageDataHtml({
        rendered: ['tutorials/TutorialsPage'],
        data: { videos: [{ description: text }] },
      }),
    };
    for (const page of [
      composePage(document, parts, `<p>${text}</p>`),
      await (async () => {
        let streamed = '';
        for await (const chunk of composePage(document, parts, Readable.from([`<p>${text}</p>`])))
          streamed += String(chunk);
        return streamed;
      })(),
    ]) {
      expect(page.split('</html>')).toHaveLength(2);
      expect(page.endsWith('</script></body></html>')).toBe(true);
      const block = page.slice(
        page.indexOf('id="page-data">') + 'id="page-data">'.length,
        page.lastIndexOf('</script>'),
      );
      expect(JSON.parse(block)).toEqual({
        rendered: ['tutorials/TutorialsPage'],
        data: { videos: [{ description: text }] },
      });
    }
  });
});
