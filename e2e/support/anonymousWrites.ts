// The paths through which a visitor writes (edge functions with rate limits; see supabase/functions/_shared/
// rateLimits.ts), and a way to give the browser a fresh allowance. Every page of the suite runs in Chromium on this
// machine, so the whole suite is one client to the backend (127.0.0.1): tests that write first forget what earlier
// tests took from that client's buckets, and only that client's.
import { createHmac } from 'node:crypto';
import type { Request } from '@playwright/test';
import { LOCAL_SECRET_KEY } from '@site/supabase-local/keys';
import { ownerDatabase } from './database.ts';

export const newsletterSubscribePath = '/functions/v1/newsletter-subscribe';
export const analyticsEventsPath = '/functions/v1/analytics-events';
export const contactPath = '/functions/v1/contact';

export const isNewsletterSubscribe = (request: Request) =>
  request.method() === 'POST' && new URL(request.url()).pathname === newsletterSubscribePath;
export const isAnalyticsWrite = (request: Request) =>
  request.method() === 'POST' && new URL(request.url()).pathname === analyticsEventsPath;
export const isContactSend = (request: Request) =>
  request.method() === 'POST' && new URL(request.url()).pathname === contactPath;

export type LimitedWrite =
  | 'contactAttempt'
  | 'contact'
  | 'newsletterSubscribeAttempt'
  | 'newsletterSubscribe'
  | 'analyticsEvents'
  | 'pageViews';

/** Each write a form makes, and the attempts counted before its captcha is checked. */
const writesOf: Partial<Record<LimitedWrite, LimitedWrite[]>> = {
  contact: ['contact', 'contactAttempt'],
  newsletterSubscribe: ['newsletterSubscribe', 'newsletterSubscribeAttempt'],
};

/** The bucket a caller at this address writes into: the functions' keyed hash, salted with the (local) secret key. */
export function clientBucket(write: LimitedWrite, address: string): string {
  return `${write}:client:${createHmac('sha256', LOCAL_SECRET_KEY).update(address).digest('hex')}`;
}

/** Gives the browser (127.0.0.1) its full allowance for this kind of write again (a form's: its attempts too). */
export async function forgetBrowserWrites(
  write: Exclude<LimitedWrite, 'contactAttempt' | 'newsletterSubscribeAttempt'>,
): Promise<void> {
  const writes = writesOf[write] ?? [write];
  const { error } = await ownerDatabase()
    .from('rate_limit_hits')
    .delete()
    .in(
      'bucket',
      writes.map((limited) => clientBucket(limited, '127.0.0.1')),
    );
  if (error) throw new Error(`could not reset the ${write} limit: ${error.message}`);
}
