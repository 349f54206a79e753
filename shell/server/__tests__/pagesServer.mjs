// The pages of a test folder served as the site's server serves them (pages, previews, files), with a stand-in for
// the renderer where a test gives one: (page, document) => { status, headers, body } or undefined.
import { createServerApp, listen } from '../app.mjs';
import { pages } from '../plugins/pages.mjs';
import { previews } from '../plugins/previews.mjs';
import { staticFiles } from '../plugins/staticFiles.mjs';

/**
 * @param {{ root: string, pagePaths?: string[], render?: Function, headTags?: Function, previewSecret?: string,
 *   remotes?: Record<string, string>, pageViewImage?: (route: string) => string, quiet?: boolean }} options
 */
export async function startPagesServer({
  root,
  pagePaths = ['/'],
  render,
  headTags,
  previewSecret,
  remotes = {},
  pageViewImage,
  quiet,
}) {
  const preview = previews({ secret: previewSecret, remotes: async () => remotes });
  const sitePages = pages({
    root,
    pagePaths,
    renderer: render && {
      render: async (page, search, document) => {
        const rendered = await render(page, document, search);
        // Each render is a new source, as a new render of the page cache is.
        return rendered && { ...rendered, source: {} };
      },
    },
    headTags,
    previewRemotes: preview.remotesFor,
    pageViewImage,
  });
  const app = await createServerApp({ name: 'test', quiet, notFound: sitePages.notFound });
  await app.register(preview.plugin);
  await app.register(sitePages.plugin);
  await app.register(staticFiles, { root, htmlFiles: false });
  return listen(app, { port: 0 });
}
