// A call of an edge function past its wall clock limit (short here, 150 s by default as hosted) is answered 504, and
// the stand-in goes on: a function that never answers leaves the others served; one that holds the CPU of the Deno
// runtime gets it started afresh, while the database answers meanwhile. A stand-in of its own, with that limit.
import assert from 'node:assert/strict';
import path from 'node:path';
import { after, before, describe, it } from 'node:test';
import type { LocalSupabase } from '../src/startLocalSupabase.ts';
import { fixtures, logged, ownLocalSupabase } from './support/localSupabase.ts';

describe('functions past their wall clock limit', () => {
  let server: LocalSupabase;
  const log: string[] = [];
  // Short, so the test does not wait 150 s; long enough for a function to load on a loaded machine.
  const wallClockMs = 4000;

  before(async () => {
    server = await ownLocalSupabase(log, {
      functionsDir: path.join(fixtures, 'functions'),
      configToml: path.join(fixtures, 'config.toml'),
      functionWallClockMs: wallClockMs,
    });
  });
  after(() => server?.stop());

  it('a call that never answers is a 504, while the others are answered', async () => {
    const auth = { Authorization: `Bearer ${server.anonKey}` };
    const hanging = fetch(`${server.url}/functions/v1/hang`, { method: 'POST', headers: auth });
    const meanwhile = await fetch(`${server.url}/functions/v1/public-echo`);
    assert.equal(await meanwhile.text(), 'public GET');
    const hung = await hanging;
    assert.equal(hung.status, 504);
    assert.equal(((await hung.json()) as { code: string }).code, 'IDLE_TIMEOUT');
    await logged(log, /hang did not answer within 4000 ms/);
    await logged(log, /hang: the runtime still answers|restarting the Deno runtime/);
    assert.ok(!log.some((line) => /restarting the Deno runtime/.test(line)), 'its runtime still answered');
  });

  it('a function that holds the CPU is a 504, its runtime is started afresh, and the database answers meanwhile', async () => {
    const auth = { Authorization: `Bearer ${server.anonKey}` };
    const spinning = fetch(`${server.url}/functions/v1/spin`, { method: 'POST', headers: auth });
    const rows = await fetch(`${server.url}/rest/v1/projects?select=title&limit=1`, {
      headers: { apikey: server.publishableKey },
    });
    assert.equal(rows.status, 200);
    const spun = await spinning;
    assert.equal(spun.status, 504);
    await logged(log, /restarting the Deno runtime/);
    const next = await fetch(`${server.url}/functions/v1/public-echo`);
    assert.equal(await next.text(), 'public GET');
  });
});
