// A project created before publishable and secret keys keeps working on its legacy anon and service_role keys alone:
// the stand-in runs as such a project (its functions get only SUPABASE_ANON_KEY and SUPABASE_SERVICE_ROLE_KEY, and the
// new keys are refused), and the site's reads, a visitor's function call, the outbox's scheduled call as a schedule
// made before the new keys sends it, and a newsletter link signed before, all work.
import { LOCAL_PUBLISHABLE_KEY } from '@site/supabase-local/keys';
import { signMailLink } from '../mail/mailLinks.ts';
import { DEVELOPMENT_RECAPTCHA_TOKEN } from '../recaptchaRules.ts';
import {
  BACKEND_START_TIMEOUT_MS,
  outboxRunAnswer,
  startLocalBackend,
  type LocalBackend,
} from './localBackend.ts';

let backend: LocalBackend;

beforeAll(async () => {
  backend = await startLocalBackend({}, { apiKeys: 'legacy' });
}, BACKEND_START_TIMEOUT_MS);

afterAll(() => backend?.stop());

/** The site's request with its key, as the kit sends a legacy anon key (a JWT): apikey and bearer token. */
const withKey = (key: string, headers: Record<string, string> = {}) => ({
  apikey: key,
  Authorization: `Bearer ${key}`,
  ...headers,
});

const callFunction = (name: string, headers: Record<string, string>, body?: unknown) =>
  backend.callFunction(name, headers, body);

describe('a project on the legacy keys alone', () => {
  it('is one: the anon and service-role keys are its keys, and a publishable key is refused', async () => {
    expect(backend.publishableKey.startsWith('eyJ')).toBe(true);
    expect(backend.secretKey.startsWith('eyJ')).toBe(true);
    const refused = await fetch(`${backend.url}/rest/v1/projects?select=title`, {
      headers: { apikey: LOCAL_PUBLISHABLE_KEY },
    });
    expect(refused.status).toBe(401);
  });

  it('serves the site its reads with the anon key', async () => {
    const response = await fetch(`${backend.url}/rest/v1/projects?select=title&limit=3`, {
      headers: withKey(backend.publishableKey),
    });
    expect(response.status).toBe(200);
    expect(((await response.json()) as unknown[]).length).toBe(3);
  });

  it("takes a visitor's subscription through the function, which writes with the service-role key", async () => {
    const email = `legacy.${Date.now()}@example.com`;
    const response = await callFunction('newsletter-subscribe', withKey(backend.publishableKey), {
      email,
      recaptcha: DEVELOPMENT_RECAPTCHA_TOKEN,
    });
    expect(response.status).toBe(200);
    const rows = await backend.readAsOwner<{ status: string }>(
      `emails?select=status&email=eq.${encodeURIComponent(email)}`,
    );
    expect(rows).toEqual([{ status: 'pending' }]);
  });

  it('answers the outbox schedule made before the new keys (the service-role key as bearer token) and no visitor', async () => {
    const scheduled = await callFunction('mail-outbox', { Authorization: `Bearer ${backend.secretKey}` });
    expect(scheduled.status).toBe(200);
    expect(await scheduled.json()).toEqual(outboxRunAnswer);
    const visitor = await callFunction('mail-outbox', withKey(backend.publishableKey));
    expect(visitor.status).toBe(401);
    expect(await visitor.json()).toMatchObject({ error: 'secret_key_required' });
  });

  it('still accepts the newsletter links it signed with the service-role key, before a link key of its own was required', async () => {
    const email = `legacy.link.${Date.now()}@example.com`;
    await callFunction('newsletter-subscribe', withKey(backend.publishableKey), {
      email,
      recaptcha: DEVELOPMENT_RECAPTCHA_TOKEN,
    });
    const [subscriber] = await backend.readAsOwner<{ id: string; unsubscribe_nonce: string }>(
      `emails?select=id,unsubscribe_nonce&email=eq.${encodeURIComponent(email)}`,
    );
    const token = await signMailLink(
      { purpose: 'unsubscribe', subscriberId: subscriber!.id, nonce: subscriber!.unsubscribe_nonce },
      backend.secretKey,
    );
    const response = await callFunction('newsletter-unsubscribe', withKey(backend.publishableKey), { token });
    expect(await response.json()).toEqual({ outcome: 'unsubscribed' });
  });
});
