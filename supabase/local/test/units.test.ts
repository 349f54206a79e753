// The small parts on their own: URL grammar, Realtime filters, JWT checks, CORS origins, config and path rules.
import assert from 'node:assert/strict';
import { existsSync, readdirSync, readFileSync } from 'node:fs';
import path from 'node:path';
import { describe, it } from 'node:test';
import { createTokenAuthority, signLegacyToken } from '../src/auth/tokens.ts';
import { configuredPort, functionsWithoutJwtCheck } from '../src/configToml.ts';
import { LOCAL_PUBLISHABLE_KEY, LOCAL_SUPABASE_URL } from '../src/localKeys.ts';
import { withoutApiKey } from '../src/startLocalSupabase.ts';
import { siteOrigins } from '../src/http/cors.ts';
import { parseChangeFilter } from '../src/realtime/changeFilter.ts';
import {
  parseConditions,
  parseFilterValue,
  parseList,
  parseOrder,
  parseSelect,
} from '../src/rest/queryGrammar.ts';
import { resolveObject } from '../src/storage/publicObjects.ts';
import { paths } from '../src/paths.ts';
import { loadsInDeno } from '../src/functions/denoRuntime.ts';

describe('query grammar', () => {
  it('parses select lists with aliases and casts, and refuses embedding', () => {
    assert.deepEqual(parseSelect('*'), [{ kind: 'all' }]);
    assert.deepEqual(parseSelect('id,label:title,rank::text,"odd name"'), [
      { kind: 'column', column: 'id' },
      { kind: 'column', column: 'title', alias: 'label' },
      { kind: 'column', column: 'rank', cast: 'text' },
      { kind: 'column', column: 'odd name' },
    ]);
    assert.throws(() => parseSelect('*,courses(*)'), /Embedded resources/);
    assert.throws(() => parseSelect('id::text;drop table x'), /failed to parse/);
  });

  it('parses filters, negation, modifiers and lists', () => {
    assert.deepEqual(parseFilterValue('title', 'not.ilike.*x*'), {
      kind: 'filter',
      column: 'title',
      negate: true,
      operator: 'ilike',
      value: '*x*',
    });
    assert.deepEqual(parseFilterValue('title', 'like(any).{a*,b*}'), {
      kind: 'filter',
      column: 'title',
      negate: false,
      operator: 'like',
      modifier: 'any',
      value: '{a*,b*}',
    });
    assert.deepEqual(parseFilterValue('body', 'wfts(english).deploy'), {
      kind: 'filter',
      column: 'body',
      negate: false,
      operator: 'wfts',
      modifier: 'english',
      value: 'deploy',
    });
    assert.throws(() => parseFilterValue('title', 'resembles.x'), /failed to parse filter/);
    assert.deepEqual(parseList('(a,"b,c","d\\"e")', '(', ')'), ['a', 'b,c', 'd"e']);
    assert.deepEqual(parseList('()', '(', ')'), []);
  });

  it('parses logic trees', () => {
    const [tree] = parseConditions(
      new URLSearchParams({ or: '(a.eq.1,and(b.gt.2,c.not.is.null),d.eq."x,y")' }),
    );
    assert.deepEqual(tree, {
      kind: 'logic',
      operator: 'or',
      negate: false,
      children: [
        { kind: 'filter', column: 'a', negate: false, operator: 'eq', value: '1' },
        {
          kind: 'logic',
          operator: 'and',
          negate: false,
          children: [
            { kind: 'filter', column: 'b', negate: false, operator: 'gt', value: '2' },
            { kind: 'filter', column: 'c', negate: true, operator: 'is', value: 'null' },
          ],
        },
        { kind: 'filter', column: 'd', negate: false, operator: 'eq', value: 'x,y' },
      ],
    });
    assert.throws(() => parseConditions(new URLSearchParams({ or: 'a.eq.1' })), /logic tree/);
    assert.throws(() => parseConditions(new URLSearchParams({ 'courses.title': 'eq.x' })), /embedded/);
  });

  it('parses order terms', () => {
    assert.deepEqual(parseOrder('a,b.desc.nullslast,c.nullsfirst'), [
      { column: 'a', descending: false },
      { column: 'b', descending: true, nulls: 'last' },
      { column: 'c', descending: false, nulls: 'first' },
    ]);
    assert.deepEqual(parseOrder(''), []);
    assert.throws(() => parseOrder('a.sideways'), /failed to parse order/);
  });
});

describe('realtime filters', () => {
  it('parses column=op.value and in-lists, and refuses other operators', () => {
    assert.deepEqual(parseChangeFilter('id=eq.7'), { column: 'id', operator: 'eq', values: ['7'] });
    assert.deepEqual(parseChangeFilter('title=in.(a,"b,c")'), {
      column: 'title',
      operator: 'in',
      values: ['a', 'b,c'],
    });
    assert.throws(() => parseChangeFilter('id=like.7'), /Invalid filter/);
  });
});

describe('tokens', () => {
  const secret = 'a-secret-that-is-long-enough-for-hs256-tests';
  const now = 1_800_000_000;
  const at = (seconds: number) => new Date(seconds * 1000);

  it('accepts good legacy HS256 tokens and refuses expired, future, forged and unsigned ones', async () => {
    const tokens = await createTokenAuthority(secret);
    assert.equal(
      (await tokens.verify(await signLegacyToken({ role: 'anon', exp: now + 10 }, secret), at(now))).ok,
      true,
    );
    assert.deepEqual(
      await tokens.verify(await signLegacyToken({ role: 'anon', exp: now }, secret), at(now)),
      {
        ok: false,
        reason: 'expired',
        message: 'JWT expired',
      },
    );
    assert.deepEqual(
      await tokens.verify(await signLegacyToken({ role: 'anon', nbf: now + 60 }, secret), at(now)),
      { ok: false, reason: 'not-yet-valid', message: 'JWT not yet valid' },
    );
    const forged = await signLegacyToken({ role: 'anon' }, 'another-secret-that-is-long-enough');
    assert.equal((await tokens.verify(forged, at(now))).ok, false);
    const unsigned = `${Buffer.from('{"alg":"none"}').toString('base64url')}.${Buffer.from('{"role":"service_role"}').toString('base64url')}.`;
    assert.deepEqual(await tokens.verify(unsigned, at(now)), {
      ok: false,
      reason: 'algorithm',
      message: 'Wrong or unsupported encoding algorithm: none',
    });
    assert.deepEqual(await tokens.verify('only.two', at(now)), {
      ok: false,
      reason: 'malformed',
      message: 'Expected 3 parts in JWT; got 2',
    });
  });

  it('signs with ES256 and accepts only its own ES256 signatures', async () => {
    const tokens = await createTokenAuthority(secret);
    const token = await tokens.sign({ role: 'authenticated', exp: now + 60 });
    assert.deepEqual(await tokens.verify(token, at(now)), {
      ok: true,
      claims: {
        role: 'authenticated',
        exp: now + 60,
        iat: JSON.parse(Buffer.from(token.split('.')[1]!, 'base64url').toString()).iat,
      },
    });
    const another = await createTokenAuthority(secret);
    assert.deepEqual(await another.verify(token, at(now)), {
      ok: false,
      reason: 'signature',
      message: 'JWSError JWSInvalidSignature',
    });
    // An ES256 header on a token signed with the legacy secret: no algorithm confusion.
    const [, payload, signature] = (await signLegacyToken({ role: 'service_role' }, secret)).split('.');
    const confused = `${Buffer.from(JSON.stringify({ alg: 'ES256', kid: tokens.jwks.keys[0]!.kid })).toString('base64url')}.${payload}.${signature}`;
    assert.equal((await tokens.verify(confused, at(now))).ok, false);
  });
});

describe('the request log', () => {
  it('never writes down a key passed as ?apikey=', () => {
    assert.equal(
      withoutApiKey('/rest/v1/projects?select=title&apikey=sb_secret_abc&limit=1'),
      '/rest/v1/projects?select=title&apikey=[key]&limit=1',
    );
    assert.equal(withoutApiKey('/rest/v1/projects?APIKEY=eyJ.a.b'), '/rest/v1/projects?APIKEY=[key]');
  });
});

describe('cors origins', () => {
  it('allows the site ports, moved by the backend port offset', () => {
    const standard = siteOrigins(54321, 54321);
    assert.ok(standard.has('http://localhost:3000') && standard.has('http://127.0.0.1:3004'));
    assert.ok(!standard.has('http://localhost:3005'));
    const moved = siteOrigins(54421, 54321, ['https://preview.example']);
    assert.ok(
      moved.has('http://localhost:3100') &&
        moved.has('http://localhost:3000') &&
        moved.has('https://preview.example'),
    );
  });
});

describe('config and paths', () => {
  it('reads config.toml as TOML: verify_jwt = false per function, the API port, inline tables too', () => {
    const fixture = path.join(import.meta.dirname, 'fixtures/config.toml');
    assert.deepEqual([...functionsWithoutJwtCheck(fixture)].sort(), ['inline-echo', 'public-echo']);
    assert.equal(configuredPort(fixture), 54999);
    assert.equal(configuredPort(path.join(import.meta.dirname, 'fixtures/none.toml')), 54321);
  });

  it("turns the gateway's JWT check off for every function, which checks the caller's key itself", () => {
    const functions = readdirSync(paths.functionsDir, { withFileTypes: true })
      .filter(
        (entry) => entry.isDirectory() && existsSync(path.join(paths.functionsDir, entry.name, 'index.ts')),
      )
      .map((entry) => entry.name)
      .sort();
    assert.ok(functions.length >= 7);
    assert.deepEqual([...functionsWithoutJwtCheck(paths.configToml)].sort(), functions);
  });

  it("gives the site's local configuration the publishable key it accepts, and nothing secret", () => {
    const repoRoot = path.join(paths.functionsDir, '../..');
    const siteConfig = JSON.parse(
      readFileSync(path.join(repoRoot, 'shell/public/site-config.json'), 'utf8'),
    ) as {
      supabase: Record<string, string>;
    };
    assert.deepEqual(siteConfig.supabase, { url: LOCAL_SUPABASE_URL, publishableKey: LOCAL_PUBLISHABLE_KEY });
    // The kit's fallback, for a page whose configuration cannot be read (a copy: the browser must not import the keys).
    const kit = readFileSync(path.join(repoRoot, 'shared-ui/src/data/supabaseClient.ts'), 'utf8');
    assert.deepEqual(kit.match(/'sb_[\w-]+'/g), [`'${LOCAL_PUBLISHABLE_KEY}'`]);
  });

  it('keeps storage paths inside the bucket folder', () => {
    const root = paths.storageContentDir;
    assert.equal(resolveObject(root, 'projects/adpulse.webp'), path.join(root, 'projects/adpulse.webp'));
    assert.equal(resolveObject(root, 'projects/none.webp'), 'missing');
    for (const attempt of [
      '../config.toml',
      '%2e%2e/config.toml',
      '/etc/passwd',
      'a//b',
      'projects\\..\\x',
      '%E0%A4%A',
    ]) {
      assert.equal(resolveObject(root, attempt), 'invalid', attempt);
    }
  });
});

describe('the functions watcher', () => {
  it("restarts Deno for source and the import map, not for tests, packages or tools' files", () => {
    for (const file of ['contact/index.ts', '_shared/mail/render.tsx', 'deno.json', 'page-views/routes.mjs'])
      assert.equal(loadsInDeno(file), true, file);
    for (const file of [
      '.turbo/turbo-test.log',
      '.turbo/turbo-typecheck.log',
      'contact/__tests__/contact.spec.ts',
      'node_modules/zod/index.js',
      'contact/.index.ts.swp',
      'owner-report/notes.md',
      'contact/index.ts~',
    ])
      assert.equal(loadsInDeno(file), false, file);
  });
});

describe('package', () => {
  it('declares as dependencies only what the server imports (and tsx, which runs it); checks use devDependencies', () => {
    const manifest = JSON.parse(readFileSync(path.join(import.meta.dirname, '../package.json'), 'utf8')) as {
      dependencies: Record<string, string>;
    };
    const imported = new Set<string>(['tsx']);
    const sources = readdirSync(path.join(import.meta.dirname, '../src'), {
      recursive: true,
      encoding: 'utf8',
    });
    for (const file of sources.filter((name) => name.endsWith('.ts'))) {
      const text = readFileSync(path.join(import.meta.dirname, '../src', file), 'utf8');
      for (const [, specifier] of text.matchAll(/from '([^'.][^']*)'/g)) {
        if (specifier === undefined || specifier.startsWith('node:')) continue;
        const parts = specifier.split('/');
        imported.add(specifier.startsWith('@') ? parts.slice(0, 2).join('/') : (parts[0] as string));
      }
    }
    assert.deepEqual(Object.keys(manifest.dependencies).sort(), [...imported].sort());
  });
});
