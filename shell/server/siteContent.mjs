// The public rows the site's server needs for /sitemap.xml, the feeds, the newsletter's archive and the courses'
// structured data, read from the backend with the site's publishable key (row-level security applies, exactly as for a
// visitor) and kept for 5 seconds: a burst of crawler requests costs the backend one read, and a new project or course
// is listed within seconds. When the backend does not answer, the last rows read are used (none at first: the sitemap
// still lists every page).
import { backendKeyHeaders } from '@site/shared-ui/backendKey';
import { deadlines } from '@site/shared-ui/deadlineTimes';
import { cataloguePageSize } from '@site/shared-ui/searchAddress';

/** How many of the newest videos and newsletter issues the feeds and the archive's first page show. */
export const feedLength = 50;

/**
 * What is read, as [table, query]: what the pages show of projects and courses (the first page of each catalogue, in
 * its own order, newest first: what /portfolio and /courses show; the home page's featured projects), only the latest
 * change of testimonials and videos, and the newest videos and newsletter issues (the feeds, the archive). However
 * large the catalogues, a read is bounded.
 */
const firstPage = `select=*&order=created_at.desc,id.asc&limit=${cataloguePageSize}`;
const latestChange = 'select=updated_at&order=updated_at.desc&limit=1';
const reads = {
  projects: ['projects', firstPage],
  featuredProjects: ['projects', 'select=*&featured_rank=not.is.null&order=featured_rank.asc'],
  courses: ['courses', firstPage],
  testimonials: ['testimonials', latestChange],
  videos: ['videos', latestChange],
  feedVideos: [
    'videos',
    `select=video_id,title,description,thumbnail_url,published_at,updated_at&order=published_at.desc&limit=${feedLength}`,
  ],
  newsletterIssues: [
    'newsletter_issues',
    `select=id,kind,subject,body_markdown,slug,queued_at,sent_at,updated_at&order=queued_at.desc&limit=${feedLength}`,
  ],
};

const noRows = Object.fromEntries(Object.keys(reads).map((name) => [name, []]));

/**
 * @param {{ url: string, publishableKey: string }} backend the site's Supabase (site-config.json)
 * @param {{ freshForMs?: number, timeoutMs?: number }} [options]
 * @returns {() => Promise<{ rows: typeof noRows, backendUrl: string }>} the content: the first call waits for the
 *   first read; later calls get the last rows read at once, and start a new read when those are older than freshForMs
 *   (stale-while-revalidate, so no request waits for the backend once the server has read it).
 */
export function siteContentReader(
  backend,
  { freshForMs = 5_000, timeoutMs = deadlines.serverContentReadMs } = {},
) {
  const nothingRead = { rows: noRows, backendUrl: backend.url };
  let current;
  let reading;
  let readAt = 0;
  const readRows = async (name, [table, query]) => {
    const response = await fetch(`${backend.url}/rest/v1/${table}?${query}`, {
      headers: { ...backendKeyHeaders(backend.publishableKey), Accept: 'application/json' },
      signal: AbortSignal.timeout(timeoutMs),
    });
    if (!response.ok) throw new Error(`${table} answered ${response.status}`);
    return [name, await response.json()];
  };
  const read = () =>
    Promise.all(Object.entries(reads).map(([name, tableAndQuery]) => readRows(name, tableAndQuery)))
      .then((entries) => (current = { rows: Object.fromEntries(entries), backendUrl: backend.url }))
      .catch((error) => {
        console.error('[site content] read failed, using the last rows read:', error.message);
        return current ?? nothingRead;
      })
      .finally(() => (reading = undefined));
  return () => {
    if (!reading && Date.now() - readAt >= freshForMs) {
      readAt = Date.now();
      reading = read();
    }
    return current ? Promise.resolve(current) : (reading ?? Promise.resolve(nothingRead));
  };
}
