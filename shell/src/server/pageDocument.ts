// The document around a server-rendered page: the prerendered page of the same address (scripts/prerender.mjs), whose
// head is already right for it (title, description, canonical link, share tags, structured data, preloads) and whose
// root holds its frame. The server keeps the head and the end and replaces what is inside the root.
import { PassThrough, type Readable } from 'node:stream';
import { insertBefore } from '../../server/markup.cjs';

const rootStart = '<div id="root">';

export function splitDocument(html: string): { before: string; after: string } {
  const start = html.indexOf(rootStart);
  const bodyEnd = html.lastIndexOf('</body>');
  const rootEnd = html.lastIndexOf('</div>', bodyEnd);
  if (start < 0 || bodyEnd < 0 || rootEnd < start)
    throw new Error('The page has no <div id="root"> to render into');
  return { before: html.slice(0, start + rootStart.length), after: html.slice(rootEnd) };
}

/** What a render adds to the document around its root. */
export interface RenderedParts {
  /** Links to the rendered sections' stylesheets, for the end of the page's head. */
  headHtml: string;
  /**
   * The first of them holds the document's own stylesheets (the frame's) too: the document's links to those go, so
   * the page's first paint waits for one stylesheet.
   */
  replacesDocumentStylesheets?: boolean;
  /** The page's data block, for the end of its body. */
  dataHtml: string;
}

/** The document's own stylesheet links (the frame's, as the prerender wrote them). */
const stylesheetLink = /<link\b[^>]*\brel="stylesheet"[^>]*>\s*/g;

/**
 * The whole page: the document's head with the stylesheets, the rendered root (a stream as it renders, or the text
 * kept from an earlier render), then the rest of the document with the page's data. The document is the one of this
 * request (its structured data is as fresh as the request), whatever the age of the rendered root.
 */
export function composePage(document: string, page: RenderedParts, root: string): string;
export function composePage(document: string, page: RenderedParts, root: Readable): Readable;
export function composePage(
  document: string,
  { headHtml, replacesDocumentStylesheets, dataHtml }: RenderedParts,
  root: string | Readable,
): string | Readable {
  const { before, after } = splitDocument(document);
  const head = replacesDocumentStylesheets ? before.replace(stylesheetLink, '') : before;
  const start = insertBefore(head, '</head>', headHtml);
  const end = insertBefore(after, '</body>', dataHtml);
  if (typeof root === 'string') return `${start}${root}${end}`;
  const page = new PassThrough();
  page.write(start);
  root.on('end', () => page.end(end));
  root.on('error', (error) => page.destroy(error));
  root.pipe(page, { end: false });
  return page;
}
