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
 * @param {{ freshForMs?: number, staleForMs?: number, timeoutMs?: number }} [options]
 * @returns {(() => Promise<{ rows: typeof noRows, backendUrl: string }>) & { refresh(): void }} the content: the first
 *   call waits for the first read; later calls start a new read when the rows are older than freshForMs and get the
 *   last rows at once while they are younger than staleForMs (stale-while-revalidate: a busy server never waits for
 *   the backend), else wait for the new read (after a quiet hour, a feed reader or crawler gets this hour's rows, not
 *   those its previous visit left). While the backend fails, the last rows at once. `refresh()` is for a caller who
 *   has just read a row the kept ones lack (an issue read on its own): the next calls wait for a read begun then.
 */
export function siteContentReader(
  backend,
  { freshForMs = 5_000, staleForMs = 60_000, timeoutMs = deadlines.serverContentReadMs } = {},
) {
  const nothingRead = { rows: noRows, backendUrl: backend.url };
  /** The last rows read, and when the read that gave them began. */
  let current;
  let currentAt = 0;
  /** The newest read under way, and when the last one began. */
  let reading;
  let readAt = 0;
  let failing = false;
  /** A read the caller knows the rows are behind of: calls wait for it. */
  let catchingUp;
  const readRows = async (name, [table, query]) => {
    const response = await fetch(`${backend.url}/rest/v1/${table}?${query}`, {
      headers: { ...backendKeyHeaders(backend.publishableKey), Accept: 'application/json' },
      signal: AbortSignal.timeout(timeoutMs),
    });
    if (!response.ok) throw new Error(`${table} answered ${response.status}`);
    return [name, await response.json()];
  };
  const read = () => {
    const startedAt = Date.now();
    readAt = startedAt;
    const done = Promise.all(
      Object.entries(reads).map(([name, tableAndQuery]) => readRows(name, tableAndQuery)),
    )
      .then((entries) => {
        failing = false;
        // Two reads at once (a refresh during a read): the one begun last wins.
        if (startedAt >= currentAt) {
          current = { rows: Object.fromEntries(entries), backendUrl: backend.url };
          currentAt = startedAt;
        }
        return current;
      })
      .catch((error) => {
        failing = true;
        console.error('[site content] read failed, using the last rows read:', error.message);
        return current ?? nothingRead;
      })
      .finally(() => {
        if (reading === done) reading = undefined;
        if (catchingUp === done) catchingUp = undefined;
      });
    reading = done;
    return done;
  };
  const content = () => {
    if (catchingUp) return catchingUp;
    if (!reading && Date.now() - readAt >= freshForMs) read();
    if (!current) return reading ?? Promise.resolve(nothingRead);
    if (reading && !failing && Date.now() - currentAt >= staleForMs) return reading;
    return Promise.resolve(current);
  };
  content.refresh = () => {
    catchingUp = read();
  };
  return content;
}
