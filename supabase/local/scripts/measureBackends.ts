// The figures behind the choice of what the local backend is built on: the stand-in (PGlite, our PostgREST and
// Realtime subsets) against the real components that install from npm here (PostgreSQL 17 and PostgREST 12). For
// each, how long until it answers a read (from nothing, and from a data directory made before), and the memory it
// holds then (proportional set size, so the shared memory of PostgreSQL's processes is counted once). A bench figure,
// never a test: it prints, and asserts nothing.
//
//   node --import tsx scripts/measureBackends.ts [--runs 3]
import { spawn } from 'node:child_process';
import { readdirSync, readFileSync } from 'node:fs';
import { loadavg } from 'node:os';
import path from 'node:path';
import { parseArgs } from 'node:util';
import { LOCAL_JWT_SECRET, LOCAL_PUBLISHABLE_KEY } from '../src/localKeys.ts';
import { startRealPostgrest } from '../test/support/realPostgrest.ts';

const { values } = parseArgs({ options: { runs: { type: 'string', default: '3' } } });
const runs = Number(values.runs);
const localDir = path.resolve(import.meta.dirname, '..');

/** Proportional set size of a process and all its descendants, in MB. */
function pssMegabytes(pid: number): number {
  const children = (id: number): number[] => {
    const found: number[] = [];
    for (const task of readdirSync(`/proc/${id}/task`)) {
      const text = readFileSync(`/proc/${id}/task/${task}/children`, 'utf8').trim();
      if (text) found.push(...text.split(/\s+/).map(Number));
    }
    return found.flatMap((child) => [child, ...children(child)]);
  };
  let kilobytes = 0;
  for (const id of [pid, ...children(pid)]) {
    try {
      const rollup = readFileSync(`/proc/${id}/smaps_rollup`, 'utf8');
      kilobytes += Number(/^Pss:\s+(\d+)/m.exec(rollup)?.[1] ?? 0);
    } catch {
      // gone meanwhile
    }
  }
  return Math.round(kilobytes / 1024);
}

function median(numbers: number[]): number {
  const sorted = [...numbers].sort((a, b) => a - b);
  return sorted[Math.floor(sorted.length / 2)] as number;
}

/** The stand-in as `npm start` runs it: until its first read answers, and its memory then. */
async function standIn(extra: string[]): Promise<{ ms: number; mb: number }> {
  const started = performance.now();
  const child = spawn(
    process.execPath,
    ['--import', 'tsx', 'src/cli.ts', 'start', '--port', '0', '--quiet', ...extra],
    {
      cwd: localDir,
      stdio: ['ignore', 'pipe', 'pipe'],
    },
  );
  let output = '';
  const url = await new Promise<string>((resolve, reject) => {
    child.stdout.on('data', (chunk: Buffer) => {
      output += chunk.toString();
      const match = /ready on (http:\/\/127\.0\.0\.1:\d+)/.exec(output);
      if (match) resolve(match[1] as string);
    });
    child.once('exit', () => reject(new Error(`the stand-in exited:\n${output}`)));
  });
  const answer = await fetch(`${url}/rest/v1/projects?select=title`, {
    headers: { apikey: LOCAL_PUBLISHABLE_KEY },
  });
  if (!answer.ok) throw new Error(`the stand-in answered ${answer.status}`);
  const ms = performance.now() - started;
  const mb = pssMegabytes(child.pid as number);
  const exited = new Promise((resolve) => child.once('exit', resolve));
  child.kill('SIGTERM');
  await exited;
  return { ms, mb };
}

/** PostgreSQL 17 made from nothing (initdb, bootstrap, migrations, seed) and PostgREST on it, until a read answers. */
async function realComponents(): Promise<{ ms: number; mb: number }> {
  const started = performance.now();
  const server = await startRealPostgrest({ jwtSecret: LOCAL_JWT_SECRET, version: 17 });
  const ms = performance.now() - started;
  const postmaster = Number(
    readFileSync(path.join(server.cluster.dataDir, 'postmaster.pid'), 'utf8').split('\n')[0],
  );
  const mb = pssMegabytes(postmaster) + pssMegabytes(server.pid as number);
  await server.stop();
  return { ms, mb };
}

async function measure(label: string, once: () => Promise<{ ms: number; mb: number }>): Promise<void> {
  const times: number[] = [];
  const memory: number[] = [];
  for (let run = 0; run < runs; run += 1) {
    const { ms, mb } = await once();
    times.push(ms);
    memory.push(mb);
  }
  console.log(
    `${label}: ready in ${Math.round(median(times))} ms (median of ${runs}; ${times.map(Math.round).join(', ')}), ` +
      `${median(memory)} MB`,
  );
}

console.log(
  `load average at start: ${loadavg()
    .map((value) => value.toFixed(1))
    .join(' ')}`,
);
await measure('stand-in, data directory made before (npm start)', () =>
  standIn(['--data-dir', path.join(localDir, '../.local/measure-db')]),
);
await measure('stand-in, a fresh copy of the snapshot (--fresh, the e2e suite)', () => standIn(['--fresh']));
await measure('PostgreSQL 17 + PostgREST 12, made from nothing', realComponents);
console.log(
  `load average at end: ${loadavg()
    .map((value) => value.toFixed(1))
    .join(' ')}`,
);
