import { expect, test } from '@playwright/test';
import { readdirSync, readFileSync, statSync } from 'node:fs';
import path from 'node:path';
import { localServiceRoleKey } from '../../support/database.ts';

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

// What must never reach a browser: the service-role key (bypasses row-level security), the JWT secret that signs
// keys, and API secrets of third parties (Google API keys start with AIza; reCAPTCHA secrets are server-only).
const secrets: [string, RegExp][] = [
  ['the service-role key', new RegExp(localServiceRoleKey.replace(/\./g, '\\.'))],
  ['a service-role JWT', /eyJ[\w-]*\.eyJ[\w-]*cm9sZSI6InNlcnZpY2Vfcm9sZ[\w-]*\.[\w-]+/],
  ['the JWT secret', /super-secret-jwt-token-with-at-least-32-characters-long/],
  ['a Google API key', /AIza[0-9A-Za-z_-]{35}/],
  [
    'a secret environment variable read',
    // Code that reads one (Deno.env.get('X'), process.env.X, env['X']); a comment that names one is no leak.
    /(env\.get\(\s*|process\.env\.|env\[\s*)['"`]?\w*(RECAPTCHA_SECRET|YOUTUBE_API_KEY|SERVICE_ROLE_KEY|YOUTUBE_SYNC_SECRET)/,
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
