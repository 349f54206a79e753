// The owner's guide (docs/owner.md) as the owner runs it, against the stand-in: every SQL example of the guide, in
// its blocks and in its text (`select ...;`), runs as written on the seeded database as the dashboard's SQL Editor runs
// it (as postgres, here in a transaction rolled back after each); the SQL the guide schedules with pg_cron, which with
// Vault and pg_net only a hosted project has, is parsed and its functions resolved (PREPARE), and each job names an
// edge function there is; every curl call the guide gives, to the API and to the functions, is run as written with the
// project's address and secret key put in, and answers what the guide says. Every report function the guide names
// takes the arguments it names (the API refuses other names: PGRST202), its command that finds where each event is
// sent finds all 13, and the report's subjects are those of its table of mails.
import assert from 'node:assert/strict';
import { execFile, execFileSync } from 'node:child_process';
import { existsSync, readFileSync } from 'node:fs';
import path from 'node:path';
import { after, before, describe, it } from 'node:test';
import { promisify } from 'node:util';
import type { PGlite } from '@electric-sql/pglite';
import { ownerReportTexts } from '../../functions/_shared/mail/ownerReportMail.ts';
import { paths } from '../src/paths.ts';
import type { LocalSupabase } from '../src/startLocalSupabase.ts';
import { ownLocalSupabase } from './support/localSupabase.ts';

const repoRoot = path.resolve(paths.supabaseDir, '..');
const guide = readFileSync(path.join(repoRoot, 'docs/owner.md'), 'utf8');

/** A level-2 section of the guide, up to the next one. */
function section(heading: string): string {
  const start = guide.indexOf(`\n## ${heading}\n`);
  assert.ok(start >= 0, `the guide has no section "${heading}"`);
  const end = guide.indexOf('\n## ', start + 1);
  return guide.slice(start, end < 0 ? undefined : end);
}

const sqlBlocks = (text: string) => [...text.matchAll(/```sql\n([\s\S]*?)```/g)].map((match) => match[1]!);
const inlineSql = (text: string) =>
  [...text.matchAll(/`((?:select|update|delete|insert)\b[^`]*;)`/g)].map((match) => match[1]!);
const shellBlocks = (text: string) => [...text.matchAll(/```sh\n([\s\S]*?)```/g)].map((match) => match[1]!);

const analytics = section('Reading analytics');
const report = section('Your weekly report');

/** What only a hosted project has: pg_cron, Vault, pg_net. */
const hostedOnly = /\b(cron|vault|net)\./;
const examples = [...sqlBlocks(guide), ...inlineSql(guide)];
const runnable = examples.filter((example) => !hostedOnly.test(example));
/** The SQL each cron.schedule of the guide runs: `cron.schedule('name', 'when', $$ command $$ or 'command')`. */
const scheduled = examples
  .flatMap((example) => [
    ...example.matchAll(/cron\.schedule\('([^']+)', '[^']+', (?:\$\$([\s\S]*?)\$\$|'((?:[^']|'')*)')\)/g),
  ])
  .map((match) => ({ job: match[1]!, command: (match[2] ?? match[3]!.replaceAll("''", "'")).trim() }));

/** A curl call of the guide, on this project: its address and a secret key put in for the placeholders. */
function onProject(call: string, server: LocalSupabase): string {
  return call
    .replaceAll('https://<project-ref>.supabase.co', server.url)
    .replace(/<a secret key[^>]*>/g, server.secretKey);
}
const run = promisify(execFile);

describe("the owner's guide, run as written", () => {
  let server: LocalSupabase;
  let db: PGlite;
  const log: string[] = [];
  before(async () => {
    server = await ownLocalSupabase(log);
    db = server.db;
  });
  after(() => server?.stop());

  it('has SQL examples to run', () => {
    for (const text of [
      analytics,
      report,
      section('Mail: what the site sends, and where to look when it does not arrive'),
    ])
      assert.ok(sqlBlocks(text).length >= 1, text.split('\n')[1]);
    assert.ok(runnable.length >= 6, `${runnable.length} examples`);
  });
  for (const [index, example] of runnable.entries()) {
    const title = example.split('\n')[0]!.replace(/^-- /, '');
    it(`example ${index + 1} runs: ${title}`, async () => {
      await db.exec('begin');
      try {
        await db.exec(example);
      } finally {
        await db.exec('rollback');
      }
    });
  }

  it('schedules SQL that names functions there are, and edge functions there are', async () => {
    assert.ok(scheduled.length >= 6, `${scheduled.length} jobs`);
    for (const { job, command } of scheduled) {
      // PREPARE resolves every function the command calls, with its argument types, and runs nothing.
      await db.exec(`prepare guide_job as ${command}`);
      await db.exec('deallocate guide_job');
      const edgeFunction = /call_edge_function\('([^']+)'/.exec(command)?.[1];
      if (edgeFunction) {
        assert.equal(edgeFunction, job, `the job ${job} calls ${edgeFunction}`);
        assert.ok(
          existsSync(path.join(paths.functionsDir, edgeFunction, 'index.ts')),
          `no function ${edgeFunction}`,
        );
      }
    }
  });

  it("runs the guide's calls of the API and the functions as it says they answer", async () => {
    const calls = shellBlocks(guide).filter((block) => block.trimStart().startsWith('curl '));
    assert.equal(calls.length, 2, calls.join('\n'));
    const answers = new Map<string, unknown>();
    for (const call of calls) {
      const endpoint = /https:\/\/<project-ref>\.supabase\.co(\/[^'\s]+)/.exec(call)![1]!;
      const command = onProject(call, server).replace(
        /^\s*curl /,
        'curl --silent --show-error --fail-with-body ',
      );
      const { stdout } = await run('bash', ['-c', command]);
      answers.set(endpoint, JSON.parse(stdout));
    }

    const now = answers.get('/functions/v1/owner-report') as Record<string, unknown>;
    const promised = /It answers `\{"outcome": "([a-z_]+)"/.exec(report)?.[1];
    assert.ok(promised, 'the guide says what the call answers');
    assert.equal(now.outcome, promised, `${JSON.stringify(now)}\n${log.join('\n')}`);

    const counts = answers.get('/rest/v1/rpc/owner_report_counts') as Record<string, unknown>[];
    assert.ok(Array.isArray(counts), JSON.stringify(counts));
    assert.ok(
      counts.some((row) => row.figure === 'visitors'),
      `no visitors among ${counts.map((row) => row.figure).join(', ')}`,
    );
    const columns =
      /`owner_report_counts\(p_from, p_to, p_time_zone\)`\s*\|\s*`([a-z_]+)`, `([a-z_]+)`, `([a-z_]+)`/.exec(
        report,
      );
    assert.ok(columns, "the guide's table names the function's columns");
    for (const row of counts) assert.deepEqual(Object.keys(row).sort(), columns.slice(1).sort());
  });

  it('names each report function with the arguments it takes, in order', async () => {
    const named = [...report.matchAll(/`(owner_report_[a-z_]+)\(([^)]*)\)`/g)];
    assert.ok(named.length >= 5, `${named.length} functions named`);
    for (const [, name, list] of named) {
      const { rows } = await db.query<{ names: string[] | null }>(
        `select proargnames as names from pg_proc where proname = $1 and pronamespace = 'public'::regnamespace`,
        [name],
      );
      assert.equal(rows.length, 1, `${name} is one function`);
      const written = list!
        .split(',')
        .map((argument) => argument.trim())
        .filter(Boolean);
      const taken = (rows[0]!.names ?? []).slice(0, written.length);
      assert.deepEqual(written, taken, `${name}(${written.join(', ')})`);
    }
  });

  it("finds where every event is sent with the guide's command", () => {
    const command = /finds where each is sent with\s+`([^`]+)`/.exec(analytics)?.[1];
    assert.ok(command, 'the guide gives the command');
    const found = execFileSync('bash', ['-c', command], { cwd: repoRoot, encoding: 'utf8' });
    const events = [...analytics.matchAll(/^\| `(user[A-Za-z]+)` +\|/gm)].map((match) => match[1]!);
    assert.equal(events.length, 13);
    const missing = events.filter((event) => !found.includes(`'${event}'`));
    assert.deepEqual(missing, [], `the command finds no place that sends ${missing.join(', ')}`);
  });

  it("names the report's mails as the site writes their subjects", () => {
    const mails = section('Mail: what the site sends, and where to look when it does not arrive');
    // A placeholder is in italics, written *site* or _site_ (Markdown's two spellings).
    const subjects = [...mails.matchAll(/^\| "(Your [^"]+)" +\|/gm)].map((match) =>
      match[1]!.replace(/_([a-z]+)_/g, '*$1*'),
    );
    assert.deepEqual(subjects, [
      ownerReportTexts.weeklySubject('*site*', '*days*', '*visitors*'),
      ownerReportTexts.onDemandSubject('*site*', '*days*', '*visitors*'),
    ]);
  });
});
