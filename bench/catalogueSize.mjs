// /portfolio at any catalogue size: the bench adds the projects itself (with the secret key, as the owner's
// dashboard would), so the catalogue holds 10, 100 and 1,000 projects in turn, measures the page at each size (its
// HTML as rendered and as sent, its page data, its cards, Lighthouse's TBT and score), and removes what it added.
// The goal is flat: a page shows one page of the catalogue, however large the catalogue.
import { brotliCompressSync, constants as zlib } from 'node:zlib';
import { tsImport } from 'tsx/esm/api';
import { backendKeyHeaders } from '@site/shared-ui/backendKey';

/** The local stand-in's secret key (the owner's, as the dashboard's), from the keys' one owner (TypeScript). */
const { LOCAL_SECRET_KEY: secretKey } = await tsImport('@site/supabase-local/keys', import.meta.url);

/** The bench's projects are named so, and dated before the seed (the seed stays on the first page). */
const benchTitle = 'Bench catalogue project';

async function backendRequest(backendUrl, path, init = {}) {
  const response = await fetch(`${backendUrl}/rest/v1/${path}`, {
    ...init,
    headers: {
      ...backendKeyHeaders(secretKey),
      'Content-Type': 'application/json',
      Prefer: 'return=minimal,count=exact',
      ...init.headers,
    },
  });
  if (!response.ok)
    throw new Error(`${init.method ?? 'GET'} ${path}: ${response.status} ${await response.text()}`);
  return response;
}

async function projectCount(backendUrl) {
  const response = await backendRequest(backendUrl, 'projects?select=id&limit=1');
  return Number(response.headers.get('content-range')?.split('/')[1] ?? 'NaN');
}

/** Adds projects (by hundreds) until the catalogue holds `size`; returns how many it added. */
async function growTo(backendUrl, size, added) {
  const missing = size - (await projectCount(backendUrl));
  for (let start = 0; start < missing; start += 100) {
    const rows = Array.from({ length: Math.min(100, missing - start) }, (_, index) => {
      const number = added + start + index + 1;
      return {
        title: `${benchTitle} ${number}`,
        description: 'One of many projects, added by the bench to see the portfolio keep its size.',
        image_path: 'projects/taskboard-kanban.webp',
        keywords: ['javascript'],
        link_to_project: `https://example.com/bench/${number}`,
        created_at: new Date(Date.UTC(2001, 0, 1) - number * 60_000).toISOString(),
      };
    });
    await backendRequest(backendUrl, 'projects', { method: 'POST', body: JSON.stringify(rows) });
  }
  return added + Math.max(0, missing);
}

async function removeBenchProjects(backendUrl) {
  await backendRequest(backendUrl, `projects?title=like.${encodeURIComponent(`${benchTitle}*`)}`, {
    method: 'DELETE',
  });
}

/** The page as the server sends it now, once it shows the catalogue's current size (not a page kept from before). */
async function renderedPortfolio(siteUrl, size) {
  for (let tries = 0; ; tries += 1) {
    const response = await fetch(`${siteUrl}/portfolio`);
    const html = await response.text();
    // As the site's server sends it to a browser that takes brotli (plugins/pages.mjs compresses at quality 5).
    const sentBytes = brotliCompressSync(html, { params: { [zlib.BROTLI_PARAM_QUALITY]: 5 } }).length;
    const pageData =
      /<script type="application\/json" id="page-data">([\s\S]*?)<\/script>/.exec(html)?.[1] ?? '';
    const matches = /"matches":(\d+)/.exec(pageData)?.[1];
    if (
      (Number(matches) === size && response.headers.get('x-page-render') !== 'cache-stale') ||
      tries >= 60
    ) {
      return {
        htmlKB: Number((Buffer.byteLength(html) / 1024).toFixed(1)),
        sentKB: Number((sentBytes / 1024).toFixed(1)),
        pageDataKB: Number((Buffer.byteLength(pageData) / 1024).toFixed(1)),
        cards: (html.match(/<article\b/g) ?? []).length,
        shownSize: Number(matches),
      };
    }
    await new Promise((resolve) => setTimeout(resolve, 500));
  }
}

/**
 * @param {{ siteUrl: string, backendUrl: string, sizes: number[], runs: number,
 *   lighthouseRun: (url: string) => Promise<{ tbt: number, score: number }>,
 *   median: (numbers: number[]) => number }} options siteUrl: the site as measured (the bench's proxy)
 * @returns {Promise<{ projects: number, htmlKB: number, sentKB: number, pageDataKB: number, cards: number,
 *   tbtMs: number, score: number, tbtSamples: number[] }[]>}
 */
export async function measureCatalogueSizes({ siteUrl, backendUrl, sizes, runs, lighthouseRun, median }) {
  const results = [];
  let added = 0;
  try {
    for (const size of [...sizes].sort((a, b) => a - b)) {
      added = await growTo(backendUrl, size, added);
      const page = await renderedPortfolio(siteUrl, size);
      const samples = [];
      for (let run = 0; run < runs; run += 1) samples.push(await lighthouseRun(`${siteUrl}/portfolio`));
      const result = {
        projects: page.shownSize,
        ...page,
        tbtMs: Math.round(median(samples.map((sample) => sample.tbt))),
        score: median(samples.map((sample) => sample.score)),
        tbtSamples: samples.map((sample) => Math.round(sample.tbt)),
      };
      delete result.shownSize;
      results.push(result);
      console.log(
        `/portfolio with ${result.projects} projects: HTML ${result.htmlKB} KB (${result.sentKB} KB sent), ` +
          `page data ${result.pageDataKB} KB, ${result.cards} cards, TBT ${result.tbtMs} ms, score ${result.score}`,
      );
    }
  } finally {
    await removeBenchProjects(backendUrl);
  }
  return results;
}
