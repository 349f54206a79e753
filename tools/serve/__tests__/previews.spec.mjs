import { describe, it } from 'node:test';
import assert from 'node:assert/strict';
import { previewRemotes, previewToken, readPreview, signPreview } from '../previews.mjs';

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
});
