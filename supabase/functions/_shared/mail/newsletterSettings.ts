// What the newsletter needs besides the mail settings (mailSettings.ts), read from the environment on every run:
//   NEWSLETTER_POSTAL_ADDRESS  the sender's postal address, printed in every issue (bulk mail laws ask for one);
//                              lines separated by "\n" or " | ". Without it no issue is sent: the copies wait.
//   NEWSLETTER_DIGEST          off (default) | draft (the site writes the weekly digest as a draft for the owner to
//                              schedule) | send (it is sent on its own)
//   NEWSLETTER_DIGEST_DAY      monday ... sunday (default monday)
//   NEWSLETTER_DIGEST_HOUR     0 ... 23 (default 9)
//   NEWSLETTER_DIGEST_TIMEZONE an IANA time zone, e.g. Europe/Lisbon (default UTC)
// A value that cannot be read turns the digest off, and says why (never a digest at a time nobody chose).
import { getEnv } from '../env.ts';

export const weekdays = [
  'sunday',
  'monday',
  'tuesday',
  'wednesday',
  'thursday',
  'friday',
  'saturday',
] as const;

export interface DigestSchedule {
  send: boolean;
  /** 0 = Sunday, as Date.getUTCDay. */
  weekday: number;
  hour: number;
  timeZone: string;
}

export interface NewsletterSettings {
  postalAddress: string | undefined;
  digest: { on: true; schedule: DigestSchedule } | { on: false; reason: string };
}

function isTimeZone(name: string): boolean {
  try {
    new Intl.DateTimeFormat('en-US', { timeZone: name });
    return true;
  } catch {
    return false;
  }
}

function readDigest(): NewsletterSettings['digest'] {
  const mode = (getEnv('NEWSLETTER_DIGEST') ?? 'off').trim().toLowerCase();
  if (mode === 'off') return { on: false, reason: 'NEWSLETTER_DIGEST is off' };
  if (mode !== 'draft' && mode !== 'send') {
    return { on: false, reason: 'NEWSLETTER_DIGEST must be off, draft or send' };
  }
  const day = (getEnv('NEWSLETTER_DIGEST_DAY') ?? 'monday').trim().toLowerCase();
  const weekday = weekdays.indexOf(day as (typeof weekdays)[number]);
  if (weekday < 0)
    return { on: false, reason: 'NEWSLETTER_DIGEST_DAY must be a day of the week, e.g. monday' };
  const hourText = (getEnv('NEWSLETTER_DIGEST_HOUR') ?? '9').trim();
  const hour = Number(hourText);
  if (!/^\d{1,2}$/.test(hourText) || hour > 23) {
    return { on: false, reason: 'NEWSLETTER_DIGEST_HOUR must be an hour from 0 to 23' };
  }
  const timeZone = (getEnv('NEWSLETTER_DIGEST_TIMEZONE') ?? 'UTC').trim();
  if (!isTimeZone(timeZone)) {
    return { on: false, reason: 'NEWSLETTER_DIGEST_TIMEZONE must be a time zone, e.g. Europe/Lisbon' };
  }
  return { on: true, schedule: { send: mode === 'send', weekday, hour, timeZone } };
}

export function readNewsletterSettings(): NewsletterSettings {
  const address = getEnv('NEWSLETTER_POSTAL_ADDRESS')
    ?.split(/\\n|\n|\s\|\s/)
    .map((line) => line.trim())
    .filter(Boolean)
    .join('\n');
  return { postalAddress: address || undefined, digest: readDigest() };
}
