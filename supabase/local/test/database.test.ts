// The persisted data directory: created from the pristine snapshot on first start, reopened fast afterwards,
// re-created when the SQL changes, guarded against a second process; and the CLI that npm start runs.
import assert from 'node:assert/strict';
import { spawn, spawnSync } from 'node:child_process';
import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { after, describe, it } from 'node:test';
import { LOCAL_PUBLISHABLE_KEY } from '../src/localKeys.ts';
import { openDatabase, wipeDataDir } from '../src/database/openDatabase.ts';

const scratch = mkdtempSync(path.join(os.tmpdir(), 'supabase-local-test-'));
const dataDir = path.join(scratch, 'db');
const quiet = (): void => undefined;

after(() => rmSync(scratch, { recursive: true, force: true }));

describe('persisted data directory', () => {
  it('is created from the seed on first open, and keeps changes across restarts', async () => {
    const first = await openDatabase({ dataDir, log: quiet });
    assert.equal(first.how, 'created');
    const seeded = await first.db.query<{ count: number }>(
      'select count(*)::int as count from public.videos',
    );
    assert.equal(seeded.rows[0]?.count, 24);
    await first.db.exec(`insert into public.emails (email) values ('kept@example.com')`);
    await first.close();

    const second = await openDatabase({ dataDir, log: quiet });
    try {
      assert.equal(second.how, 'reopened');
      const kept = await second.db.query(`select 1 from public.emails where email = 'kept@example.com'`);
      assert.equal(kept.rows.length, 1);
      await assert.rejects(openDatabase({ dataDir, log: quiet }), /already open/);
      assert.throws(() => wipeDataDir(dataDir), /close it first/);
    } finally {
      await second.close();
    }
  });

  it('is re-created when the migrations, seed or bootstrap change (their hash)', async () => {
    writeFileSync(`${dataDir}.hash`, 'an-older-hash');
    const lines: string[] = [];
    const reopened = await openDatabase({ dataDir, log: (line) => lines.push(line) });
    assert.equal(reopened.how, 'created');
    assert.ok(lines.some((line) => line.includes('re-creating')));
    const gone = await reopened.db.query(`select 1 from public.emails where email = 'kept@example.com'`);
    assert.equal(gone.rows.length, 0);
    await reopened.close();
    wipeDataDir(dataDir);
    const fresh = await openDatabase({ dataDir, log: quiet });
    assert.equal(fresh.how, 'created');
    await fresh.close();
  });

  it('a memory database is a throwaway copy', async () => {
    const memory = await openDatabase({ dataDir: 'memory', log: quiet });
    assert.equal(memory.how, 'memory');
    await memory.db.exec('delete from public.ads');
    await memory.close();
    const again = await openDatabase({ dataDir: 'memory', log: quiet });
    const ads = await again.db.query<{ count: number }>('select count(*)::int as count from public.ads');
    assert.equal(ads.rows[0]?.count, 3);
    await again.close();
  });
});

describe('cli', () => {
  it('start prints its URL and start time, serves, and stops on SIGTERM; --fresh uses a throwaway copy', async () => {
    for (const extra of [['--data-dir', path.join(scratch, 'cli-db')], ['--fresh']]) {
      const child = spawn(
        process.execPath,
        ['--import', 'tsx', 'src/cli.ts', 'start', '--port', '0', '--quiet', ...extra],
        {
          cwd: path.join(import.meta.dirname, '..'),
          stdio: ['ignore', 'pipe', 'pipe'],
        },
      );
      let output = '';
      child.stdout.on('data', (chunk: Buffer) => (output += chunk.toString()));
      child.stderr.on('data', (chunk: Buffer) => (output += chunk.toString()));
      const url = await new Promise<string>((resolve, reject) => {
        const timer = setTimeout(() => reject(new Error(`no ready line:\n${output}`)), 60_000);
        child.stdout.on('data', () => {
          const match = /ready on (http:\/\/127\.0\.0\.1:\d+) in (\d+) ms/.exec(output);
          if (match) {
            clearTimeout(timer);
            resolve(match[1] as string);
          }
        });
        child.once('exit', () => reject(new Error(`exited early:\n${output}`)));
      });
      const response = await fetch(`${url}/rest/v1/ads?select=title`, {
        headers: { apikey: LOCAL_PUBLISHABLE_KEY },
      });
      assert.equal(response.status, 200);
      assert.equal(((await response.json()) as unknown[]).length, 3);
      if (extra[0] === '--fresh') assert.match(output, /throwaway in-memory copy/);
      else {
        // A second process on the same data directory is refused, not allowed to corrupt it.
        const second = spawnSync(
          process.execPath,
          ['--import', 'tsx', 'src/cli.ts', 'start', '--port', '0', ...extra],
          {
            cwd: path.join(import.meta.dirname, '..'),
            encoding: 'utf8',
            timeout: 60_000,
          },
        );
        assert.equal(second.status, 1);
        assert.match(second.stderr, /in use by another local Supabase \(pid \d+\)/);
      }
      const exit = new Promise<number | null>((resolve) => child.once('exit', (code) => resolve(code)));
      child.kill('SIGTERM');
      assert.equal(await exit, 0);
      assert.match(output, /stopped \(SIGTERM\)/);
    }
  });
});
