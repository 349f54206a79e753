// Every function checks its caller's key before anything else, as its verify_jwt = false asks (config.toml): the
// site's public functions want the publishable key, the scheduled ones a secret key. No key, a wrong key, or the
// publishable key where a secret one is needed is a 401 with a JSON body that says so, and no key reaches the log.
import analyticsEvents from '../../analytics-events/handler.ts';
import contact from '../../contact/handler.ts';
import mailOutbox from '../../mail-outbox/handler.ts';
import newsletterConfirm from '../../newsletter-confirm/handler.ts';
import newsletterSubscribe from '../../newsletter-subscribe/handler.ts';
import newsletterUnsubscribe from '../../newsletter-unsubscribe/handler.ts';
import youtubeSync from '../../youtube-sync/handler.ts';
import type { KeyLevel } from '../apiKeys.ts';
import { projectVariables, restoreEnvAfterAll } from './localBackend.ts';

restoreEnvAfterAll([...projectVariables, 'YOUTUBE_API_KEY', 'YOUTUBE_CHANNEL_ID']);

const publishableKey = 'sb_publishable_callerKeysTestOnly_0123456789';
const secretKey = 'sb_secret_callerKeysTestOnly_0123456789';
const wrongKey = 'sb_secret_someOtherProject_0123456789';

const functions: [string, (request: Request) => Promise<Response>, KeyLevel][] = [
  ['contact', contact, 'publishable'],
  ['newsletter-subscribe', newsletterSubscribe, 'publishable'],
  ['newsletter-confirm', newsletterConfirm, 'publishable'],
  ['newsletter-unsubscribe', newsletterUnsubscribe, 'publishable'],
  ['analytics-events', analyticsEvents, 'publishable'],
  ['mail-outbox', mailOutbox, 'secret'],
  ['youtube-sync', youtubeSync, 'secret'],
];

let logged: string[];

beforeEach(() => {
  for (const name of projectVariables) delete process.env[name];
  // Nothing answers here: a call that gets past the key check fails later, and is not a 401.
  process.env.SUPABASE_URL = 'http://127.0.0.1:9';
  process.env.SUPABASE_PUBLISHABLE_KEYS = JSON.stringify({ default: publishableKey });
  process.env.SUPABASE_SECRET_KEYS = JSON.stringify({ default: secretKey });
  delete process.env.YOUTUBE_API_KEY;
  delete process.env.YOUTUBE_CHANNEL_ID;
  logged = [];
  for (const level of ['error', 'warn', 'log', 'info'] as const) {
    jest.spyOn(console, level).mockImplementation((...args: unknown[]) => void logged.push(args.join(' ')));
  }
});

afterEach(() => jest.restoreAllMocks());

const call = (handler: (request: Request) => Promise<Response>, headers: Record<string, string>) =>
  handler(
    new Request('http://localhost/fn', {
      method: 'POST',
      headers: { 'content-type': 'application/json', ...headers },
      body: '{}',
    }),
  );

describe.each(functions)('%s', (name, handler, needs) => {
  it.each<[string, Record<string, string>, string]>([
    ['no key', {}, 'missing_api_key'],
    ['a key of another project', { apikey: wrongKey }, 'invalid_api_key'],
    ['a wrong bearer token', { authorization: `Bearer ${wrongKey}` }, 'invalid_api_key'],
    ...(needs === 'secret'
      ? [
          ['the publishable key', { apikey: publishableKey }, 'secret_key_required'] as [
            string,
            Record<string, string>,
            string,
          ],
        ]
      : []),
  ])('refuses %s with 401, and logs no key', async (_case, headers, error) => {
    const response = await call(handler, headers);
    expect(response.status).toBe(401);
    const body = JSON.stringify(await response.json());
    expect(body).toContain(error);
    expect(body).toMatch(/key/);
    expect(logged.join('\n')).toContain(`[${name}] refused a call: ${error}`);
    for (const key of [publishableKey, secretKey, wrongKey]) {
      expect(logged.join('\n')).not.toContain(key);
      expect(body).not.toContain(key);
    }
  });

  it(`lets ${needs === 'secret' ? 'a secret key' : 'the publishable key and a secret key'} through`, async () => {
    const accepted = needs === 'secret' ? [secretKey] : [publishableKey, secretKey];
    for (const key of accepted) expect((await call(handler, { apikey: key })).status).not.toBe(401);
  });
});
