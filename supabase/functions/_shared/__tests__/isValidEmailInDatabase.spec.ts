// The database mirrors the email rule: the CHECK on public.emails accepts exactly the addresses isValidEmail
// accepts, tried as the newsletter-subscribe function stores them (the service role, an upsert that ignores
// duplicates) on the local stand-in; the function checks the rule first, so this is the database's own check.
import { isValidEmail } from '../isValidEmail.ts';
import { emailExamples } from './emailExamples.ts';
import { BACKEND_START_TIMEOUT_MS, startLocalBackend, type LocalBackend } from './localBackend.ts';

let backend: LocalBackend;

beforeAll(async () => {
  backend = await startLocalBackend();
}, BACKEND_START_TIMEOUT_MS);

afterAll(() => backend?.stop());

async function subscribe(email: string): Promise<number> {
  const response = await fetch(`${backend.url}/rest/v1/emails?on_conflict=email`, {
    method: 'POST',
    headers: {
      apikey: backend.secretKey,
      'Content-Type': 'application/json',
      Prefer: 'resolution=ignore-duplicates',
    },
    body: JSON.stringify({ email }),
  });
  await response.text();
  return response.status;
}

describe('the emails table agrees with isValidEmail', () => {
  it.each(emailExamples)('%s: stored = %s (%s)', async (address, valid) => {
    expect(isValidEmail(address)).toBe(valid);
    const status = await subscribe(address);
    if (valid) expect(status).toBe(201);
    else expect(status).toBeGreaterThanOrEqual(400);
  });

  it('keeps one lower-cased row when an address subscribes twice, in another case', async () => {
    expect(await subscribe('Twice.Reader@Example.com')).toBe(201);
    expect(await subscribe('twice.reader@example.com')).toBe(201);
    const rows = await backend.readAsOwner<{ email: string }>(
      'emails?select=email&email=eq.twice.reader@example.com',
    );
    expect(rows).toEqual([{ email: 'twice.reader@example.com' }]);
  });
});
