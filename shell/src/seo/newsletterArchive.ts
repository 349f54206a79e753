// The newsletter's archive on the site: where its pages are, what each issue's page is called and says about itself,
// and its date. The site's server renders the pages (server/plugins/newsletterArchive.mjs), the sitemap lists them and
// the newsletter's feed links to them; the mails' "view in the browser" link is the same address
// (supabase/functions/_shared/mail/newsletterIssueMail.ts, deployed apart, holds it too: the e2e test opens it).
import { owner } from '@site/shared-ui/owner';
import type { NewsletterIssueRow } from '@site/shared-ui/rows';
import { pageTitle } from '@site/shared-ui/siteMap';

export const newsletterArchivePath = '/newsletter/issues';

/** The archive's own page: its title, description and banner (for its share picture). */
export const newsletterArchivePage = {
  path: newsletterArchivePath,
  title: pageTitle('Newsletter'),
  heading: 'Newsletter',
  summary: `Every issue of ${owner.name}'s newsletter: new videos, courses and offers.`,
  description: `Past issues of ${owner.name}'s newsletter: new video tutorials, courses and offers, as subscribers received them.`,
} as const;

export function newsletterIssuePath(slug: string): string {
  return `${newsletterArchivePath}/${slug}`;
}

/** When an issue went out (an issue still being sent: when it started). */
export function issueDate(issue: Pick<NewsletterIssueRow, 'sent_at' | 'queued_at' | 'updated_at'>): string {
  return issue.sent_at ?? issue.queued_at ?? issue.updated_at;
}

/** An issue's description: the text of its first paragraph, without Markdown's marks, at most `max` characters. */
export function issueDescription(markdown: string, max = 160): string {
  const paragraph =
    markdown
      .split(/\n\s*\n/)
      .map((block) => block.trim())
      .find((block) => block && !/^(#|!\[|\[!\[|>|```|---|\*\*\*)/.test(block)) ?? '';
  const text = paragraph
    .replace(/!\[([^\]]*)\]\([^)]*\)/g, '$1')
    .replace(/\[([^\]]*)\]\([^)]*\)/g, '$1')
    .replace(/[*_`~]+/g, '')
    .replace(/\\(.)/g, '$1')
    .replace(/\s+/g, ' ')
    .trim();
  return text.length <= max ? text : `${text.slice(0, max - 1).replace(/\s+\S*$/, '')}…`;
}
