// The mail catcher's inbox (scripts/mailCatcher.mjs: MailDev, started with the site), read through its REST API as a
// person reads their inbox: the tests wait for a mail to an address, then read it as a mail program parses it, its
// text part and its HTML part (shown as a mail program shows it: in a browser, scripts off).
import { expect, type Browser } from '@playwright/test';
import { simpleParser, type ParsedMail } from 'mailparser';
import { ports } from './site.ts';

export const mailboxApi = `http://127.0.0.1:${ports.mailInbox}/api`;

/** Where the site sends the owner's copy of each contact message, locally (scripts/mailCatcher.mjs). */
export const ownerAddress = 'owner@alexmorgan.dev';

interface CaughtSummary {
  id: string;
  subject: string;
  to: { address: string }[];
  envelope: { to: { address: string }[] };
  calculatedBcc: { address: string }[];
}

export interface CaughtMail {
  id: string;
  /** The raw message, headers as sent. */
  source: string;
  parsed: ParsedMail;
  /** Every address the SMTP server was asked to deliver to. */
  envelopeTo: string[];
  /** The header fields' names, in order. */
  headerNames: string[];
}

async function caught(): Promise<CaughtSummary[]> {
  return (await (await fetch(`${mailboxApi}/email`)).json()) as CaughtSummary[];
}

async function read(summary: CaughtSummary): Promise<CaughtMail> {
  const source = await (await fetch(`${mailboxApi}/email/${summary.id}/source`)).text();
  const head = source.slice(0, source.indexOf('\r\n\r\n'));
  return {
    id: summary.id,
    source,
    parsed: await simpleParser(source),
    envelopeTo: [...summary.envelope.to, ...summary.calculatedBcc].map((to) => to.address.toLowerCase()),
    headerNames: head
      .split('\r\n')
      .filter((line) => !/^\s/.test(line))
      .map((line) => line.slice(0, line.indexOf(':')).toLowerCase()),
  };
}

/** The mails to this address (whose subject matches, if given), oldest first. */
export async function mailsTo(address: string, subject?: string | RegExp): Promise<CaughtMail[]> {
  const matching = (await caught()).filter(
    (mail) =>
      mail.to.some((to) => to.address.toLowerCase() === address.toLowerCase()) &&
      (subject === undefined ||
        (typeof subject === 'string' ? mail.subject === subject : subject.test(mail.subject))),
  );
  return Promise.all(matching.map(read));
}

/** Waits until `count` mails to this address (with this subject) have arrived, and returns them. */
export async function waitForMails(
  address: string,
  subject: string | RegExp,
  { count = 1, timeout = 10_000 }: { count?: number; timeout?: number } = {},
): Promise<CaughtMail[]> {
  let mails: CaughtMail[] = [];
  await expect
    .poll(
      async () => {
        mails = await mailsTo(address, subject);
        return mails.length;
      },
      { timeout, message: `${count} mail(s) "${subject}" to ${address}` },
    )
    .toBeGreaterThanOrEqual(count);
  return mails;
}

/** The first link of the mail's text that goes to this path of the site. */
export function linkTo(mail: CaughtMail, path: string): string {
  const link = (mail.parsed.text ?? '').match(
    new RegExp(`https?://\\S+${path.replace(/\//g, '\\/')}\\?token=\\S+`),
  );
  if (!link) throw new Error(`no link to ${path} in the mail:\n${mail.parsed.text}`);
  return link[0];
}

export interface HtmlPart {
  /** The text a reader sees. */
  text: string;
  /** Every link, as its label and where it leads. */
  links: { label: string; href: string }[];
}

/** The mail's HTML part as a mail program shows it (a browser with scripts off): what it reads and where it links. */
export async function readHtmlPart(browser: Browser, mail: CaughtMail): Promise<HtmlPart> {
  const html = mail.parsed.html;
  if (typeof html !== 'string') throw new Error(`no HTML part in the mail "${mail.parsed.subject}"`);
  const context = await browser.newContext({ javaScriptEnabled: false });
  try {
    const page = await context.newPage();
    await page.setContent(html);
    return {
      text: await page.locator('body').innerText(),
      links: await page.locator('a').evaluateAll((anchors) =>
        anchors.map((anchor) => ({
          label: anchor.textContent ?? '',
          href: (anchor as HTMLAnchorElement).href,
        })),
      ),
    };
  } finally {
    await context.close();
  }
}

/** The one link of the HTML part with this label. */
export function htmlLink(part: HtmlPart, label: string): string {
  const matching = part.links.filter((link) => link.label === label);
  if (matching.length !== 1)
    throw new Error(`${matching.length} links "${label}" in ${JSON.stringify(part.links)}`);
  return matching[0]!.href;
}

/** A header field as sent (folded lines joined), or undefined. */
export function headerOf(mail: CaughtMail, name: string): string | undefined {
  const line = mail.parsed.headerLines.find((header) => header.key === name.toLowerCase())?.line;
  return line
    ?.slice(line.indexOf(':') + 1)
    .replace(/\r\n\s+/g, ' ')
    .trim();
}
