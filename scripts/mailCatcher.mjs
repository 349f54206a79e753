// The local mail catcher (MailDev): an SMTP server that keeps every mail the local backend sends, a web inbox to read
// them, and a REST API (the end-to-end tests read mail there, as a person reads an inbox). `npm start` runs it beside
// the backend and stops it with the rest; nothing it catches leaves this machine.
import { mkdtempSync, rmSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { MailDev } from 'maildev';

/** Who local mail is from, and where the owner's copies of contact messages go (hosted: MAIL_FROM, OWNER_EMAIL). */
export const localMailAddresses = {
  from: 'Alex Morgan <hello@alexmorgan.dev>',
  owner: 'owner@alexmorgan.dev',
  /** The postal address every newsletter issue prints (hosted: NEWSLETTER_POSTAL_ADDRESS). */
  postal: 'Alex Morgan | Rua Augusta 100 | 1100-053 Lisboa | Portugal',
};

/**
 * @param {{ smtpPort: number, webPort: number }} ports
 * @returns {Promise<{ smtpUrl: string, inboxUrl: string, stop: () => Promise<void> }>}
 */
export async function startMailCatcher({ smtpPort, webPort }) {
  const mailDirectory = mkdtempSync(path.join(os.tmpdir(), 'mail-catcher-'));
  const catcher = new MailDev({
    smtp: smtpPort,
    web: webPort,
    ip: '127.0.0.1',
    webIp: '127.0.0.1',
    mailDirectory,
    // Bounded: a long-running `npm start` keeps the newest thousand.
    maxEmails: 1000,
    silent: true,
  });
  await catcher.start();
  let stopped = false;
  return {
    smtpUrl: `smtp://127.0.0.1:${smtpPort}?ignoreTLS=true`,
    inboxUrl: `http://127.0.0.1:${webPort}`,
    stop: async () => {
      if (stopped) return;
      stopped = true;
      await catcher.stop();
      rmSync(mailDirectory, { recursive: true, force: true });
    },
  };
}

/**
 * What the local backend's functions need to send mail to the catcher, with links to the site at siteUrl. The weekly
 * digest is written as a draft (hosted, it is off until the owner turns it on).
 */
export function localMailEnv(catcher, siteUrl) {
  return {
    SMTP_URL: catcher.smtpUrl,
    SITE_URL: siteUrl,
    MAIL_FROM: localMailAddresses.from,
    OWNER_EMAIL: localMailAddresses.owner,
    NEWSLETTER_POSTAL_ADDRESS: localMailAddresses.postal,
    NEWSLETTER_DIGEST: 'draft',
  };
}
