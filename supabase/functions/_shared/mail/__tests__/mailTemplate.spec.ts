// The one template of every mail (template/): the site's colours as the kit's tokens have them, a frame mail programs
// read (tables, inline styles, a dark theme for those that follow the system), a text part that says what the HTML
// says, Markdown made safe; and the three mails of the outbox written with it, their words and links as sent.
import { readFileSync } from 'node:fs';
import path from 'node:path';
import { composeMail, type OutboxRow } from '../mailContent.ts';
import { readMailLink } from '../mailLinks.ts';
import type { MailSettings } from '../mailSettings.ts';
import type { OutgoingMail } from '../mailTransport.ts';
import { markdownToMailHtml } from '../template/markdownToMailHtml.ts';
import { colorTokens, darkColors, lightColors } from '../template/mailTheme.ts';
import { mailBrand, renderMail } from '../template/renderMail.ts';

const tokensCss = readFileSync(
  path.join(__dirname, '../../../../../shared-ui/src/tokens/tokens.css'),
  'utf8',
);

/** The custom properties of the first block that opens with this selector. */
function tokenBlock(selector: string): Record<string, string> {
  const start = tokensCss.indexOf(`${selector} {`);
  const block = tokensCss.slice(start, tokensCss.indexOf('}', start));
  return Object.fromEntries(
    [...block.matchAll(/(--[\w-]+):\s*([^;]+);/g)].map(([, name, value]) => [name, value]),
  );
}

describe('the mail theme', () => {
  it('has the kit’s colours, light and dark', () => {
    const light = tokenBlock(':root');
    const dark = tokenBlock(":root[data-theme='dark']");
    for (const [key, token] of Object.entries(colorTokens)) {
      expect([key, lightColors[key as keyof typeof lightColors]]).toEqual([key, light[token]]);
      expect([key, darkColors[key as keyof typeof darkColors]]).toEqual([key, dark[token]]);
    }
  });
});

describe('renderMail', () => {
  const parts = {
    subject: 'News of the week <3',
    preview: 'What this mail is about',
    blocks: [
      { kind: 'heading', text: 'News of the week' },
      { kind: 'text', text: 'First line\nsecond line <b>not bold</b>' },
      { kind: 'button', label: 'Open it', url: 'https://example.dev/open?a=1&b=2' },
      { kind: 'html', html: markdownToMailHtml('A [course](/courses).', 'https://example.dev').html },
    ],
    footer: {
      lines: ['You receive this email because you subscribed.'],
      unsubscribeUrl: 'https://example.dev/newsletter/unsubscribe?token=abc.def',
      viewInBrowserUrl: 'https://example.dev/newsletter/issues/news',
      postalAddress: 'Rua Augusta 1\n1100-048 Lisbon',
    },
  } as const;

  it('writes HTML of tables and inline styles, with a dark theme and nothing a visitor typed as markup', async () => {
    const { html } = await renderMail(parts, brandOf('https://example.dev'));
    expect(html).toMatch(/^<!DOCTYPE html><html /);
    expect(html).toContain('<meta name="x-apple-disable-message-reformatting" content=""/>');
    expect(html).toContain('<title>News of the week &lt;3</title>');
    expect(html).toContain('role="presentation"');
    expect(html).toMatch(/<p[^>]*style="[^"]*color:#17212b/);
    expect(html).toContain('@media (prefers-color-scheme: dark)');
    expect(html).toContain(`background-color: ${darkColors.surface} !important`);
    expect(html).toContain('<meta name="color-scheme" content="light dark"/>');
    expect(html).toContain('First line<br/>second line &lt;b&gt;not bold&lt;/b&gt;');
    expect(html).toContain('href="https://example.dev/open?a=1&amp;b=2"');
    expect(html).toContain('href="https://example.dev/courses"');
    expect(html).not.toContain('<script');
  });

  it('writes a text part with every word and link of the HTML, and no hidden preview', async () => {
    const { text } = await renderMail(parts, brandOf('https://example.dev'));
    for (const expected of [
      'View this email in your browser https://example.dev/newsletter/issues/news',
      'Alex Morgan',
      'News of the week',
      'First line\nsecond line <b>not bold</b>',
      'Open it https://example.dev/open?a=1&b=2',
      'A course https://example.dev/courses.',
      'You receive this email because you subscribed.',
      'Unsubscribe https://example.dev/newsletter/unsubscribe?token=abc.def',
      'Rua Augusta 1\n1100-048 Lisbon',
    ]) {
      expect(text).toContain(expected);
    }
    expect(text).not.toContain('What this mail is about');
    expect(text).not.toMatch(/NEWS OF THE WEEK/);
  });

  it('names the sender as the header shows it', () => {
    expect(mailBrand({ name: 'Alex Morgan', address: 'hello@alexmorgan.dev' }).name).toBe('Alex Morgan');
    expect(mailBrand({ name: '', address: 'hello@alexmorgan.dev' }).name).toBe('hello@alexmorgan.dev');
  });
});

function brandOf(siteUrl: string) {
  return { name: 'Alex Morgan', siteUrl };
}

describe('markdownToMailHtml', () => {
  it('escapes raw HTML, refuses script links, and styles every element inline', () => {
    const { html } = markdownToMailHtml(
      '# Title\n\n<script>alert(1)</script> <img src=x onerror=alert(1)>\n\n[run](javascript:alert(1)) [ok](https://ok.dev)\n\n> quote\n\n- one',
      'https://example.dev',
    );
    expect(html).not.toMatch(/<script|<img src=x|href="javascript:/i);
    expect(html).toContain('&lt;script&gt;alert(1)&lt;/script&gt;');
    expect(html).toContain('<a href="https://ok.dev/" style="');
    for (const tag of ['h1', 'p', 'blockquote', 'ul', 'li', 'a']) {
      expect([tag, new RegExp(`<${tag} [^>]*style="`).test(html)]).toEqual([tag, true]);
    }
  });

  it('makes links and images absolute, keeps alt text, and counts images without it', () => {
    const { html, imagesWithoutAlt } = markdownToMailHtml(
      '![The course’s cover](/storage/cover.png) ![](cat.png) [Courses](/courses)',
      'https://example.dev',
    );
    expect(html).toContain('src="https://example.dev/storage/cover.png" alt="The course’s cover"');
    expect(html).toContain('src="https://example.dev/cat.png" alt=""');
    expect(html).toContain('href="https://example.dev/courses"');
    expect(imagesWithoutAlt).toBe(1);
  });
});

describe('the outbox’s mails', () => {
  const linkKeys = { current: 'a link key for the tests, 32 characters or more' };
  const settings: MailSettings = {
    transport: { kind: 'none', reason: 'tests' },
    from: { ok: true, value: { name: 'Alex Morgan', address: 'hello@alexmorgan.dev' } },
    owner: { ok: true, value: { name: '', address: 'owner@alexmorgan.dev' } },
    siteUrl: { ok: true, value: 'https://alexmorgan.dev' },
    linkKeys: { ok: true, value: linkKeys },
  };
  const subscriber = {
    subscriberId: '0b8f5a52-8d0b-4f7c-9d55-5b1f6c1a2b3c',
    email: 'reader@example.com',
    confirmNonce: 'c'.repeat(32),
    unsubscribeNonce: 'u'.repeat(32),
  };

  async function mailOf(row: OutboxRow): Promise<OutgoingMail> {
    const composed = await composeMail(row, settings);
    if (composed.outcome !== 'mail') throw new Error(`no mail: ${composed.outcome}`);
    return composed.mail;
  }

  /** The link of the text part to this page of the site, read as the site reads it. */
  async function linkIn(text: string, page: 'confirm' | 'unsubscribe') {
    const url = new RegExp(`https://alexmorgan\\.dev/newsletter/${page}\\?token=(\\S+)`).exec(text);
    expect(url).not.toBeNull();
    return {
      url: url![0],
      read: await readMailLink(decodeURIComponent(url![1]!), page, linkKeys),
    };
  }

  it('the confirmation: its words, its confirm link, and the one-click unsubscribe', async () => {
    const expiresAt = new Date(Date.now() + 48 * 3_600_000).toISOString();
    const mail = await mailOf({
      id: 'row-1',
      kind: 'newsletter_confirmation',
      attempts: 1,
      claimToken: 'token-1',
      linkExpiresAt: expiresAt,
      details: {
        ...subscriber,
        status: 'pending',
        confirmExpiresAt: expiresAt,
      },
    });
    expect(mail.subject).toBe('Please confirm your newsletter subscription');
    for (const words of [
      'Hello,\n\nsomeone, hopefully you, asked to subscribe reader@example.com to my newsletter on alexmorgan.dev.',
      `To confirm, open this link and press "Confirm my subscription". It works until ${new Date(expiresAt).toUTCString()}:`,
      'Confirm my subscription https://alexmorgan.dev/newsletter/confirm?token=',
      'If you did not ask for this, ignore this email: you will not be subscribed.',
      'You receive this email because reader@example.com was entered in the newsletter form of alexmorgan.dev.',
    ]) {
      expect(mail.text).toContain(words);
    }
    const confirm = await linkIn(mail.text, 'confirm');
    expect(confirm.read).toMatchObject({ ok: true, link: { nonce: subscriber.confirmNonce } });
    const unsubscribe = await linkIn(mail.text, 'unsubscribe');
    expect(unsubscribe.read).toMatchObject({ ok: true, link: { nonce: subscriber.unsubscribeNonce } });
    expect(mail.text).toContain(`Unsubscribe ${unsubscribe.url}`);
    expect(mail.headers).toEqual({
      'List-Unsubscribe': `<${unsubscribe.url}>`,
      'List-Unsubscribe-Post': 'List-Unsubscribe=One-Click',
    });
    expect(mail.html).toContain(`href="${confirm.url}"`);
    expect(mail.html).toContain(`href="${unsubscribe.url}"`);
  });

  it('the welcome: its words and the one-click unsubscribe', async () => {
    const mail = await mailOf({
      id: 'row-2',
      kind: 'newsletter_welcome',
      attempts: 1,
      claimToken: 'token-2',
      linkExpiresAt: null,
      details: { ...subscriber, status: 'confirmed', confirmNonce: null, confirmExpiresAt: null },
    });
    expect(mail.subject).toBe('Welcome to my newsletter');
    expect(mail.text).toContain('Hello,\n\nthank you for confirming your subscription: you are on the list.');
    expect(mail.text).toContain('You will hear from me when I publish a new video or course');
    const unsubscribe = await linkIn(mail.text, 'unsubscribe');
    expect(mail.headers?.['List-Unsubscribe']).toBe(`<${unsubscribe.url}>`);
  });

  it('the owner’s copy of a contact message: the message as written, as text in both parts', async () => {
    const mail = await mailOf({
      id: 'row-3',
      kind: 'contact_notification',
      attempts: 1,
      claimToken: 'token-3',
      linkExpiresAt: null,
      details: {
        fullName: 'Ana Silva',
        email: 'ana@example.com',
        subject: 'A web shop',
        message: 'Hello,\nI would like a web shop.\n\nAna <script>x</script>',
        receivedAt: '2026-11-20T10:00:00Z',
      },
    });
    expect(mail.to).toEqual({ address: 'owner@alexmorgan.dev', name: '' });
    expect(mail.replyTo).toEqual({ name: 'Ana Silva', address: 'ana@example.com' });
    expect(mail.subject).toBe('New message from the website: A web shop');
    expect(mail.text).toContain('A visitor sent a message through the contact form.');
    expect(mail.text).toContain('From: Ana Silva <ana@example.com>\nSubject: A web shop');
    expect(mail.text).toContain('Message:\nHello,\nI would like a web shop.\n\nAna <script>x</script>');
    expect(mail.text).toContain('Reply to this email to answer them.');
    expect(mail.html).toContain('Ana &lt;script&gt;x&lt;/script&gt;');
    expect(mail.html).not.toContain('<script');
  });
});
