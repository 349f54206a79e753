// The page's title, description and share tags, set on every navigation from the route table and the static
// metadata file (/assets/data/meta.json, one {page, metaDescription} entry per route).
import { fetchWithLoadingBar } from '@site/shared-ui/fetchWithLoadingBar';
import { owner } from '@site/shared-ui/owner';
import { reportFailure } from '@site/shared-ui/pageLeaving';
import { titleForPath } from '@site/shared-ui/siteMap';

export interface PageMetadataEntry {
  page: string;
  metaDescription: string;
}

export const pageMetadataUrl = '/assets/data/meta.json';

let entries: Promise<PageMetadataEntry[]> | undefined;

function loadPageMetadata(): Promise<PageMetadataEntry[]> {
  entries ??= fetchWithLoadingBar(pageMetadataUrl)
    .then((response) => {
      if (!response.ok) throw new Error(`${pageMetadataUrl} answered ${response.status}`);
      return response.json() as Promise<PageMetadataEntry[]>;
    })
    .catch((error: unknown) => {
      reportFailure('[page metadata] load failed:', error);
      entries = undefined;
      return [];
    });
  return entries;
}

/** The description of the entry whose page equals the path; empty when none matches. */
export function descriptionFor(metadata: readonly PageMetadataEntry[], pathname: string): string {
  return metadata.find((entry) => entry.page === pathname)?.metaDescription ?? '';
}

function setMetaContent(selector: string, content: string) {
  document.head.querySelector(selector)?.setAttribute('content', content);
}

/** Applies the page's metadata to the document; resolves once the description is known. */
export async function applyPageMetadata(pathname: string, isCurrent: () => boolean): Promise<void> {
  const title = titleForPath(pathname);
  document.title = title;
  setMetaContent('meta[property="og:title"]', title);
  const url = new URL(pathname, owner.siteUrl).href;
  document.head.querySelector('link[rel="canonical"]')?.setAttribute('href', url);
  setMetaContent('meta[property="og:url"]', url);
  const description = descriptionFor(await loadPageMetadata(), pathname);
  if (!isCurrent()) return;
  setMetaContent('meta[name="description"]', description);
  setMetaContent('meta[property="og:description"]', description);
}
