import { describe, it } from 'node:test';
import assert from 'node:assert/strict';
import { createHmac } from 'node:crypto';
import { mkdtempSync, writeFileSync } from 'node:fs';
import { request } from 'node:http';
import os from 'node:os';
import path from 'node:path';
import {
  previewMaxLifetimeMs,
  previewRemotes,
  previewToken,
  readPreview,
  signPreview,
} from '../previews.mjs';
import { startPagesServer } from './pagesServer.mjs';

const secret = 'a secret of the site';
const preview = { section: 'help', version: '0123456789abcdef', expiresAt: 2_000 };
const live = {
  help: 'https://static.example.com/help/fedcba9876543210/mf-manifest.json',
  courses: 'https://static.example.com/courses/00000000000000aa/mf-manifest.json',
  portfolio: 'http://localhost:3001/mf-manifest.json',
};

describe('a preview link', () => {
  it('grants the section version it was signed for, until it expires', () => {
    const token = signPreview(preview, secret);
    assert.deepEqual(readPreview(token, secret, 1_000), preview);
    assert.equal(readPreview(token, secret, 2_000), undefined);
  });

  it('grants nothing when forged, altered, signed with another secret, or when the site has no secret', () => {
    const token = signPreview(preview, secret);
    const [payload, signature] = token.split('.');
    const altered = Buffer.from(JSON.stringify({ ...preview, section: 'courses' })).toString('base64url');
    assert.equal(readPreview(`${altered}.${signature}`, secret, 1_000), undefined);
    assert.equal(readPreview(`${payload}.${signature.slice(1)}x`, secret, 1_000), undefined);
    assert.equal(readPreview(token, 'another secret', 1_000), undefined);
    assert.equal(readPreview(token, undefined, 1_000), undefined);
    assert.equal(readPreview('not a token', secret, 1_000), undefined);
    assert.throws(() => signPreview(preview, undefined), /SITE_PREVIEW_SECRET/);
    assert.throws(
      () => signPreview({ ...preview, version: '../../evil.example' }, secret),
      /Not a section version/,
    );
  });

  it('points only the previewed section at its version, beside the live one on the same host', () => {
    assert.deepEqual(previewRemotes(live, preview), {
      ...live,
      help: 'https://static.example.com/help/0123456789abcdef/mf-manifest.json',
    });
    // A section not deployed in versioned folders has nothing to preview beside.
    assert.equal(previewRemotes(live, { ...preview, section: 'portfolio' }), undefined);
    assert.equal(previewRemotes(live, { ...preview, section: 'blog' }), undefined);
  });

  it('is read from its cookie', () => {
    assert.equal(previewToken('a=1; site_preview=abc.def; b=2'), 'abc.def');
    assert.equal(previewToken('a=1'), undefined);
    assert.equal(previewToken(undefined), undefined);
  });

  it('lives at most its maximum lifetime, whatever it was signed for: the server refuses a longer one', () => {
    const now = Date.now();
    assert.throws(
      () => signPreview({ ...preview, expiresAt: now + previewMaxLifetimeMs + 60_000 }, secret),
      /at most 72 hours/,
    );
    // A token made with the secret but for a year (by hand, or by an older deploy script) is refused until its last
    // 72 hours: no token is ever valid for longer.
    const payload = Buffer.from(
      JSON.stringify({ ...preview, expiresAt: now + 365 * 24 * 60 * 60 * 1000 }),
    ).toString('base64url');
    const yearLong = `${payload}.${createHmac('sha256', secret).update(payload).digest('base64url')}`;
    assert.equal(readPreview(yearLong, secret, now), undefined);
    const longest = signPreview({ ...preview, expiresAt: now + previewMaxLifetimeMs }, secret);
    assert.equal(readPreview(longest, secret, now)?.section, 'help');
  });

  it("never appears in the server's log", async () => {
    const root = mkdtempSync(path.join(os.tmpdir(), 'preview-log-'));
    writeFileSync(path.join(root, 'index.html'), '<html><head></head><body></body></html>');
    const server = await startPagesServer({ root, quiet: false, previewSecret: secret, remotes: live });
    const token = signPreview(
      { section: 'help', version: '0123456789abcdef', expiresAt: Date.now() + 60_000 },
      secret,
    );
    const lines = [];
    const { log, warn, error } = console;
    console.log = console.warn = console.error = (...parts) => lines.push(parts.join(' '));
    try {
      for (const target of [
        `/__preview?token=${token}`,
        `/__preview?token=${token}x`,
        `/about?token=${token}`,
      ]) {
        await new Promise((resolve, reject) =>
          request({ host: '127.0.0.1', port: server.port, path: target }, (response) => {
            response.resume();
            response.on('end', resolve);
          })
            .on('error', reject)
            .end(),
        );
      }
      // The log lines come once the answers are sent.
      while (lines.filter((line) => line.includes('/__preview?…')).length < 2)
        await new Promise((resolve) => setImmediate(resolve));
    } finally {
      Object.assign(console, { log, warn, error });
      await server.close();
    }
    assert.equal(lines.filter((line) => line.includes('/__preview?…')).length, 2);
    for (const line of lines) assert.ok(!line.includes(token.slice(0, 20)), line);
  });
});
