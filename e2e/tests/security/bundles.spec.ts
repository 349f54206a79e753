import { expect, test } from '../../support/test.ts';
import { readdirSync, readFileSync, statSync } from 'node:fs';
import path from 'node:path';
import { LOCAL_JWT_SECRET, LOCAL_SERVICE_ROLE_KEY } from '@site/supabase-local/keys';

const repoRoot = path.resolve(import.meta.dirname, '../../..');
const builds = [
  'shell/dist',
  'mfe-portfolio/dist',
  'mfe-tutorials/dist',
  'mfe-courses/dist',
  'mfe-help/dist',
];

function filesUnder(dir: string): string[] {
  return readdirSync(dir).flatMap((name) => {
    const file = path.join(dir, name);
    return statSync(file).isDirectory() ? filesUnder(file) : [file];
  });
}

const shippedFiles = builds.flatMap((build) =>
  filesUnder(path.join(repoRoot, build)).filter((file) => /\.(js|css|html|json|map)$/.test(file)),
);

// What must never reach a browser: a secret key (sb_secret_..., bypasses row-level security; the local one and any
// other), the legacy service-role key, the JWT secret that signs legacy keys, and API secrets of third parties (Google
// API keys start with AIza; reCAPTCHA secrets are server-only).
const secrets: [string, RegExp][] = [
  ['a secret key', /sb_secret_[\w-]{8,}/],
  ['the service-role key', new RegExp(LOCAL_SERVICE_ROLE_KEY.replace(/\./g, '\\.'))],
  ['a service-role JWT', /eyJ[\w-]*\.eyJ[\w-]*cm9sZSI6InNlcnZpY2Vfcm9sZ[\w-]*\.[\w-]+/],
  ['the JWT secret', new RegExp(LOCAL_JWT_SECRET)],
  ['a Google API key', /AIza[0-9A-Za-z_-]{35}/],
  [
    'a secret environment variable read',
    // Code that reads one (Deno.env.get('X'), process.env.X, env['X']); a comment that names one is no leak.
    /(env\.get\(\s*|process\.env\.|env\[\s*)['"`]?\w*(RECAPTCHA_SECRET|YOUTUBE_API_KEY|SERVICE_ROLE_KEY|SECRET_KEYS|YOUTUBE_SYNC_SECRET)/,
  ],
];

test('no built file of any app contains a secret', () => {
  expect(shippedFiles.length).toBeGreaterThan(20);
  const found = shippedFiles.flatMap((file) => {
    const text = readFileSync(file, 'utf8');
    return secrets
      .filter(([, pattern]) => pattern.test(text))
      .map(([name]) => `${path.relative(repoRoot, file)}: ${name}`);
  });
  expect(found).toEqual([]);
});

test('the site answers with its security headers', async ({ request }) => {
  for (const page of ['/', '/about', '/no-such-page']) {
    const response = await request.get(page);
    const headers = response.headers();
    expect(headers['content-security-policy'], page).toContain("script-src 'self'");
    expect(headers['content-security-policy']).not.toMatch(/unsafe-inline|unsafe-eval/);
    expect(headers['x-content-type-options']).toBe('nosniff');
    expect(headers['referrer-policy']).toBe('strict-origin-when-cross-origin');
    expect(headers['x-frame-options']).toBe('DENY');
    expect(headers['strict-transport-security']).toBe('max-age=63072000; includeSubDomains');
    // No reCAPTCHA site key here: nothing of Google may run, not even reCAPTCHA's paths.
    expect(headers['content-security-policy']).not.toMatch(/google|gstatic/);
  }
});
