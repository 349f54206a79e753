// The newsletter's archive, rendered here, whole and with no script (it works without JavaScript, and in a mail
// program's browser: every issue's "view in the browser" link comes here):
//   GET /newsletter/issues                  the issues that went out, newest first
//   GET /newsletter/issues/<slug>           one issue: its subject, date and text (Markdown, raw HTML off)
//   GET /newsletter/share/archive.png, /newsletter/share/issues/<slug>.png
//                                           their share pictures, drawn on first request and kept
// Each page has its own title, description, canonical address and share picture, the links to the site's feeds, and
// the visitor's chosen theme, and counts itself (../pageViewImage.mjs: it runs no script, so by its image). The issues come from the rows the server keeps (../siteContent.mjs: the newest ones,
// read again at most every 5 s, and at once when an issue read on its own shows them behind); an older issue is read
// on its own, by its address, and kept as briefly.
import { readFileSync } from 'node:fs';
import path from 'node:path';
import MarkdownIt from 'markdown-it';
import { backendKeyHeaders } from '@site/shared-ui/backendKey';
import { deadlines } from '@site/shared-ui/deadlineTimes';
import { escapeHtml } from '../markup.cjs';
import { pageCacheControl } from '../pageCache.mjs';
import { pageViewImageHtml } from '../pageViewImage.mjs';
import { chosenTheme, withTheme } from '../pageTheme.mjs';
import { drawShareImage, shareImageStyle } from '../shareImages.mjs';
import { feedLength } from '../siteContent.mjs';

const stylesheetPath = '/newsletter/archive.css';
const stylesheet = readFileSync(new URL('./newsletterArchive.css', import.meta.url), 'utf8');
const sharePath = '/newsletter/share';

/** An issue's address, as the database writes it (newsletter_issues_slug_format). */
const slugPattern = /^[a-z0-9]+(-[a-z0-9]+)*$/;

const markdown = new MarkdownIt({ html: false, linkify: true });

/** Pictures and issues read on their own are kept, up to this many each. */
const maxKept = 200;

const dateFormat = new Intl.DateTimeFormat('en-GB', {
  day: 'numeric',
  month: 'long',
  year: 'numeric',
  timeZone: 'UTC',
});

function keep(map, key, value) {
  map.delete(key);
  map.set(key, value);
  while (map.size > maxKept) map.delete(map.keys().next().value);
  return value;
}

/**
 * @param {object} options
 * @param {object} options.seo the shell's SEO modules (seo.cjs)
 * @param {(() => Promise<{ rows: { newsletterIssues: object[] }, backendUrl: string }>) & { refresh(): void }} options.content
 *   the rows kept (../siteContent.mjs)
 * @param {{ url: string, publishableKey: string }} options.backend the site's backend (site-config.json's supabase)
 * @param {string[]} options.stylesheets the shell's own stylesheets (the kit's tokens), linked first
 */
export function newsletterArchive({ seo, content, backend, stylesheets }) {
  const absolute = (pathname) => new URL(pathname, seo.siteUrl).href;
  const style = shareImageStyle(path.resolve(import.meta.dirname, '../..'));
  /** @type {Map<string, Promise<Buffer>>} */
  const pictures = new Map();
  /** @type {Map<string, { at: number, issue: Promise<object | undefined> }>} */
  const readAlone = new Map();

  /**
   * An issue that went out, by its address: from the rows kept, else read on its own (RLS: sent issues only). One read
   * on its own that the kept rows should have had (as new as theirs: it went out since they were read) has them read
   * again, so the archive's list, the next page a reader of the issue may open, lists it too.
   */
  async function issueAt(slug) {
    const { newsletterIssues } = (await content()).rows;
    const kept = newsletterIssues.find((issue) => issue.slug === slug);
    if (kept) return kept;
    const read = readAlone.get(slug);
    if (read && Date.now() - read.at < 5_000) return read.issue;
    const oldestKept = newsletterIssues.length < feedLength ? undefined : newsletterIssues.at(-1);
    const issue = fetch(
      `${backend.url}/rest/v1/newsletter_issues?select=id,kind,subject,body_markdown,slug,queued_at,sent_at,updated_at&slug=eq.${slug}`,
      {
        headers: backendKeyHeaders(backend.publishableKey),
        signal: AbortSignal.timeout(deadlines.serverContentReadMs),
      },
    ).then(async (response) => {
      if (!response.ok) throw new Error(`newsletter_issues answered ${response.status}`);
      const [found] = await response.json();
      if (found && (!oldestKept || found.queued_at >= oldestKept.queued_at)) content.refresh();
      return found;
    });
    keep(readAlone, slug, { at: Date.now(), issue: issue.catch(() => undefined) });
    return issue;
  }

  /** The page around an archive page's content. */
  function pageHtml({ title, description, path: pagePath, picture, body }) {
    const links = [...stylesheets, stylesheetPath]
      .map((href) => `<link rel="stylesheet" href="${escapeHtml(href)}" />`)
      .join('');
    const image = {
      url: absolute(picture.path),
      ...seo.ogImageSize,
      type: 'image/png',
      alt: `${picture.heading}. ${picture.summary}`,
    };
    return `<!doctype html>
<html lang="en"><head><meta charset="utf-8" /><meta name="viewport" content="width=device-width, initial-scale=1" /><title>${escapeHtml(title)}</title><meta name="description" content="${escapeHtml(description)}" /><link rel="canonical" href="${escapeHtml(absolute(pagePath))}" /><meta property="og:type" content="article" /><meta property="og:site_name" content="${escapeHtml(seo.newsletterArchivePage.title)}" /><meta property="og:title" content="${escapeHtml(title)}" /><meta property="og:description" content="${escapeHtml(description)}" /><meta property="og:url" content="${escapeHtml(absolute(pagePath))}" />${seo.ogImageMetaTags(image)}${seo.feedLinks()}${links}</head>
<body class="newsletter-archive"><header class="newsletter-archive__header"><a href="/">Back to the site</a><a href="${seo.newsletterArchivePath}">All issues</a><a href="${escapeHtml(absolute('/feeds/newsletter.xml'))}">Feed</a></header><main class="newsletter-archive__main">${body}</main>${pageViewImageHtml(backend, pagePath, { scriptless: true })}</body></html>
`;
  }

  const dateHtml = (issue) => {
    const date = seo.issueDate(issue);
    return `<time datetime="${escapeHtml(date)}">${escapeHtml(dateFormat.format(new Date(date)))}</time>`;
  };

  function send(request, reply, html) {
    return reply
      .header('Cache-Control', pageCacheControl())
      .type('text/html; charset=utf-8')
      .send(withTheme(html, chosenTheme(request.headers.cookie)));
  }

  return async function newsletterArchivePlugin(app) {
    app.get(stylesheetPath, async (_request, reply) =>
      reply.header('Cache-Control', 'no-cache').type('text/css; charset=utf-8').send(stylesheet),
    );

    app.get(seo.newsletterArchivePath, async (request, reply) => {
      const { newsletterIssues } = (await content()).rows;
      const page = seo.newsletterArchivePage;
      const list = newsletterIssues.length
        ? `<ol class="newsletter-archive__list">${newsletterIssues
            .map(
              (issue) =>
                `<li><a href="${escapeHtml(seo.newsletterIssuePath(issue.slug))}">${escapeHtml(issue.subject)}</a> ${dateHtml(issue)}<p>${escapeHtml(seo.issueDescription(issue.body_markdown))}</p></li>`,
            )
            .join('')}</ol>`
        : '<p>No issue has gone out yet. Subscribe with the form at the bottom of any page of the site.</p>';
      return send(
        request,
        reply,
        pageHtml({
          title: page.title,
          description: page.description,
          path: page.path,
          picture: { path: `${sharePath}/archive.png`, heading: page.heading, summary: page.summary },
          body: `<h1>${escapeHtml(page.heading)}</h1><p class="newsletter-archive__intro">${escapeHtml(page.summary)}</p>${list}`,
        }),
      );
    });

    app.get(`${seo.newsletterArchivePath}/:slug`, async (request, reply) => {
      const { slug } = request.params;
      if (!slugPattern.test(slug) || slug.length > 100) return reply.callNotFound();
      const issue = await issueAt(slug).catch(() => undefined);
      if (!issue) return reply.callNotFound();
      const description = seo.issueDescription(issue.body_markdown) || seo.newsletterArchivePage.description;
      return send(
        request,
        reply,
        pageHtml({
          title: `${issue.subject} | ${seo.newsletterArchivePage.title}`,
          description,
          path: seo.newsletterIssuePath(issue.slug),
          picture: {
            path: `${sharePath}/issues/${issue.slug}.png`,
            heading: issue.subject,
            summary: description,
          },
          body: `<article class="newsletter-archive__issue"><h1>${escapeHtml(issue.subject)}</h1><p class="newsletter-archive__date">${dateHtml(issue)}</p>${markdown.render(issue.body_markdown)}</article>`,
        }),
      );
    });

    /** A share picture, drawn once for its heading and summary (a new subject draws a new one). */
    async function sendPicture(reply, heading, summary) {
      const key = `${heading}\n${summary}`;
      const picture =
        pictures.get(key) ??
        keep(
          pictures,
          key,
          drawShareImage(seo.shareImageSvg({ heading, summary }, style.theme, style.mark), seo.ogImageSize),
        );
      try {
        return reply
          .header('Cache-Control', 'public, max-age=3600')
          .type('image/png')
          .send(await picture);
      } catch (error) {
        pictures.delete(key);
        throw error;
      }
    }

    app.get(`${sharePath}/archive.png`, async (_request, reply) =>
      sendPicture(reply, seo.newsletterArchivePage.heading, seo.newsletterArchivePage.summary),
    );

    app.get(`${sharePath}/issues/:picture`, async (request, reply) => {
      const slug = /^(.+)\.png$/.exec(request.params.picture)?.[1];
      if (!slug || !slugPattern.test(slug) || slug.length > 100) return reply.callNotFound();
      const issue = await issueAt(slug).catch(() => undefined);
      if (!issue) return reply.callNotFound();
      return sendPicture(
        reply,
        issue.subject,
        seo.issueDescription(issue.body_markdown) || seo.newsletterArchivePage.summary,
      );
    });
  };
}
