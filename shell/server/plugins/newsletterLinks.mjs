// The pages the newsletter mails link to (supabase/functions/_shared/mail/mailLinks.ts), rendered here, whole and with
// no script, so they work without JavaScript and in any mail program's browser. A link in a mail never acts by itself:
// company mail systems (Defender Safe Links, Proofpoint, Mimecast) open every link of an incoming mail before the
// person sees it, so a GET or HEAD only shows a page with one button, and the person's press (a plain form that posts
// to the same address) acts:
//   GET  /newsletter/confirm?token=…      asks, with a "Confirm my subscription" button
//   POST /newsletter/confirm?token=…      confirms the subscription (the newsletter-confirm function) and says so
//   GET  /newsletter/unsubscribe?token=…  asks, with an "Unsubscribe" button
//   POST /newsletter/unsubscribe?token=…  unsubscribes (newsletter-unsubscribe) and says so; this is also the address
//                                        of the mails' List-Unsubscribe header, which mail providers POST to for a
//                                        one-click unsubscribe (RFC 8058)
// The token is never logged, kept by a cache or sent on as a Referer. They are in the visitor's chosen theme (the kit's
// tokens, from the shell's stylesheet, and data-theme from the theme cookie), like every page of the site.
import { readFileSync } from 'node:fs';
import { backendKeyHeaders } from '@site/shared-ui/backendKey';
import { deadlines } from '@site/shared-ui/deadlineTimes';
import { escapeHtml } from '../markup.cjs';
import { chosenTheme, withTheme } from '../pageTheme.mjs';

export const newsletterLinkPaths = { confirm: '/newsletter/confirm', unsubscribe: '/newsletter/unsubscribe' };

const stylesheetPath = '/newsletter/page.css';
const stylesheet = readFileSync(new URL('./newsletterLinks.css', import.meta.url), 'utf8');

const tryAgainLater = {
  status: 503,
  title: 'Something went wrong on our side',
  lines: ['Nothing was changed. Please open the link from the email again in a few minutes.'],
};
const subscribeAgain = 'To subscribe, use the newsletter form at the bottom of any page of the site.';

/** What each page says, by what the function answered. */
export const newsletterLinkPages = {
  confirm: {
    ask: {
      status: 200,
      title: 'Confirm your subscription',
      lines: [
        'Press the button to confirm that you want to receive my newsletter at this address.',
        'Nothing happens until you do: if you did not ask for this, close this page.',
      ],
      button: 'Confirm my subscription',
    },
    confirmed: {
      status: 200,
      title: 'Subscription confirmed',
      lines: [
        'Thank you: your address is confirmed, and you are subscribed to my newsletter.',
        'A welcome email is on its way to you now.',
      ],
    },
    expired: {
      status: 410,
      title: 'This link has expired',
      lines: ['A confirmation link works for 48 hours, and this one is older.', subscribeAgain],
    },
    invalid: {
      status: 400,
      title: 'This link does not work',
      lines: [
        'It has been used already, or it was changed on the way. If you confirmed already, there is nothing more to do.',
        subscribeAgain,
      ],
    },
    failed: tryAgainLater,
  },
  unsubscribe: {
    ask: {
      status: 200,
      title: 'Unsubscribe from the newsletter',
      lines: ['Press the button, and you will not receive any more emails from me.'],
      button: 'Unsubscribe',
    },
    unsubscribed: {
      status: 200,
      title: 'You are unsubscribed',
      lines: ['You will not receive any more emails from me.', `Changed your mind? ${subscribeAgain}`],
    },
    invalid: {
      status: 400,
      title: 'This link does not work',
      lines: ['It was changed on the way. Use the unsubscribe link of the latest email from me.'],
    },
    // The link with no token at all: the one a test copy of an issue carries (its reader, the owner, subscribes to
    // nothing), or a link cut short.
    noToken: {
      status: 400,
      title: 'This link names no subscriber',
      lines: [
        'It is the unsubscribe link of a test copy of the newsletter, sent to the site’s owner, who is not a subscriber: there is nothing to unsubscribe.',
        'A subscriber’s own emails carry a link that unsubscribes them: use the one in the latest email from me.',
      ],
    },
    failed: tryAgainLater,
  },
};

function pageHtml({ title, lines }, { stylesheets, form }) {
  const links = [...stylesheets, stylesheetPath]
    .map((href) => `<link rel="stylesheet" href="${escapeHtml(href)}" />`)
    .join('');
  const formHtml = form
    ? `<form method="post" action="${escapeHtml(form.action)}"><button class="newsletter-link-page__button" type="submit">${escapeHtml(form.label)}</button></form>`
    : '';
  return `<!doctype html>
<html lang="en"><head><meta charset="utf-8" /><meta name="viewport" content="width=device-width, initial-scale=1" /><meta name="robots" content="noindex" /><title>${escapeHtml(title)}</title>${links}</head>
<body class="newsletter-link-page"><header><a class="newsletter-link-page__home" href="/">Back to the site</a></header><main class="newsletter-link-page__card"><h1>${escapeHtml(title)}</h1>${lines.map((line) => `<p>${escapeHtml(line)}</p>`).join('')}${formHtml}</main></body></html>
`;
}

/** A token as a link carries it, or undefined when there is none worth asking the backend about. */
function linkToken(query) {
  const token = query.token;
  return typeof token === 'string' && token.length > 0 && token.length <= 512 ? token : undefined;
}

/**
 * @param {object} options
 * @param {{ url: string, publishableKey: string }} options.backend the site's backend (site-config.json's supabase)
 * @param {string[]} [options.stylesheets] the shell's own stylesheets (the kit's tokens), linked before the page's
 */
export function newsletterLinks({ backend, stylesheets = [] }) {
  /** The function's answer: 'confirmed', 'unsubscribed', 'invalid', 'expired', or 'failed' (no usable answer). */
  async function follow(purpose, token) {
    try {
      const response = await fetch(`${backend.url}/functions/v1/newsletter-${purpose}`, {
        method: 'POST',
        headers: { ...backendKeyHeaders(backend.publishableKey), 'Content-Type': 'application/json' },
        body: JSON.stringify({ token }),
        signal: AbortSignal.timeout(deadlines.newsletterSubmitMs),
      });
      const { outcome } = await response.json();
      return ['confirmed', 'unsubscribed', 'invalid', 'expired'].includes(outcome) ? outcome : 'failed';
    } catch (error) {
      console.error(`[newsletter links] ${purpose}: the backend did not answer:`, error.message);
      return 'failed';
    }
  }

  function send(request, reply, page, form) {
    return reply
      .code(page.status)
      .headers({
        'Cache-Control': 'no-store',
        'Referrer-Policy': 'no-referrer',
        'X-Robots-Tag': 'noindex',
      })
      .type('text/html; charset=utf-8')
      .send(withTheme(pageHtml(page, { stylesheets, form }), chosenTheme(request.headers.cookie)));
  }

  return async function newsletterLinksPlugin(app) {
    app.get(stylesheetPath, async (_request, reply) =>
      reply.header('Cache-Control', 'no-cache').type('text/css; charset=utf-8').send(stylesheet),
    );
    for (const purpose of /** @type {const} */ (['confirm', 'unsubscribe'])) {
      const path = newsletterLinkPaths[purpose];
      const pages = newsletterLinkPages[purpose];
      // GET (and the HEAD Fastify answers from it) changes nothing: it asks, with one button that posts here.
      app.get(path, async (request, reply) => {
        const token = linkToken(request.query);
        if (token === undefined) return send(request, reply, pages.noToken ?? pages.invalid);
        return send(request, reply, pages.ask, {
          action: `${path}?token=${encodeURIComponent(token)}`,
          label: pages.ask.button,
        });
      });
      app.post(path, async (request, reply) => {
        const token = linkToken(request.query);
        if (token === undefined) return send(request, reply, pages.noToken ?? pages.invalid);
        const outcome = await follow(purpose, token);
        return send(request, reply, pages[outcome] ?? pages.failed);
      });
    }
  };
}
