// A search rendered on the server costs its slots alone: a search is an address of a page (/courses?q=angular), and
// everything around the page's slots, the frame (navbar, banner, newsletter and contact sections, footer), is the
// same for every search on it, so it is taken from the page's own render, which the server keeps anyway. The search
// renders its slots where they stand in the page, with the frame's parts left empty (FramePart), and each slot's HTML
// takes the place of the same slot in the kept page.
// This reads React's server output, which escapes every text and attribute value (and renders no raw HTML: ServerHtml
// keeps the server's children only in the browser), so `<div` and `</div>` in it are tags: a slot's element ends where
// its divs balance.
import { escapeHtml } from '../../server/markup.cjs';

/** Where the slot of a module is in a page's root HTML, as [start, end) of its element; undefined when absent. */
export function slotExtent(html: string, module: string): [number, number] | undefined {
  const marker = ` data-section="${escapeHtml(module)}"`;
  const at = html.indexOf(marker);
  if (at < 0) return undefined;
  const start = html.lastIndexOf('<div', at);
  if (start < 0 || html.slice(start, at).includes('>')) return undefined;
  const tags = /<div[\s>]|<\/div>/g;
  tags.lastIndex = start;
  let depth = 0;
  for (let tag = tags.exec(html); tag; tag = tags.exec(html)) {
    depth += tag[0] === '</div>' ? -1 : 1;
    if (depth === 0) return [start, tags.lastIndex];
  }
  return undefined;
}

/**
 * The page's root HTML: the kept render's frame, with each of these slots as the slots' render has it; undefined when
 * a slot is missing from either (the page is then rendered whole).
 */
export function withKeptFrame(framed: string, slots: string, modules: readonly string[]): string | undefined {
  let page = framed;
  for (const module of modules) {
    const into = slotExtent(page, module);
    const from = slotExtent(slots, module);
    if (!into || !from) return undefined;
    page = `${page.slice(0, into[0])}${slots.slice(from[0], from[1])}${page.slice(into[1])}`;
  }
  return page;
}
