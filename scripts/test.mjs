// npm test: lint and format (at once), then typecheck, unit and contract tests of every package and the production
// build (at once), then the end-to-end tests in Chromium against the built site and the local backend (the byte
// budget included), then the visitor journeys in Chromium, Firefox and WebKit. Stops at the first failing step and
// ends with one line counting every test that ran.
import { spawn } from 'node:child_process';
import { readFileSync } from 'node:fs';

const turboEnv = { TURBO_TELEMETRY_DISABLED: '1', TURBO_NO_UPDATE_NOTIFIER: '1', FORCE_COLOR: '0' };

/** Each step is one command or several at once (each single-threaded, so two cores run them side by side). */
const steps = [
  [
    { name: 'lint', command: ['npx', 'eslint', '.'] },
    { name: 'format', command: ['npx', 'prettier', '--check', '.'] },
  ],
  {
    // One turbo run: the production build goes on while the unit tests wait (for a retry that is due, a backend
    // starting), rather than after them.
    name: 'typecheck, unit tests and build',
    command: [
      'npx',
      'turbo',
      'run',
      'typecheck',
      'test',
      'build',
      '--concurrency=3',
      // Each task's output as turbo.json says: the tests' in full, the build's errors only.
      '--log-order=grouped',
    ],
  },
  { name: 'end-to-end tests', command: ['npm', 'run', 'e2e', '-w', '@site/e2e'] },
  {
    name: 'journeys in Chromium, Firefox and WebKit',
    command: ['npm', 'run', 'e2e:engines', '-w', '@site/e2e'],
  },
];

/** Counts from the closing lines of the runners we use: jest, node:test, Playwright. */
function countTests(output) {
  let passed = 0;
  let failed = 0;
  for (const line of output.split('\n')) {
    const jest = line.match(/Tests:\s+(?:(\d+) failed, )?(?:\d+ skipped, )?(?:(\d+) passed, )?\d+ total/);
    if (jest) {
      failed += Number(jest[1] ?? 0);
      passed += Number(jest[2] ?? 0);
      continue;
    }
    const nodeTest = line.match(/^(?:.*: )?# (pass|fail) (\d+)$/);
    if (nodeTest) {
      if (nodeTest[1] === 'pass') passed += Number(nodeTest[2]);
      else failed += Number(nodeTest[2]);
      continue;
    }
    const playwright = line.match(/^(?:\S+: )?\s+(\d+) (passed|failed|flaky)(?: \(|$)/);
    if (playwright) {
      if (playwright[2] === 'failed') failed += Number(playwright[1]);
      else passed += Number(playwright[1]);
    }
  }
  return { passed, failed };
}

/**
 * The CPU time (user + system, seconds) of every process this one has started and that has ended, its descendants
 * included (Linux counts an ended child's own ended children into it): a machine's load moves the wall time of a
 * step, much less its CPU time. null where /proc is not there.
 */
function cpuSecondsOfEndedChildren() {
  try {
    // /proc/self/stat: the fields after the command's name, from the state on; cutime and cstime are 14th and 15th.
    const fields = readFileSync('/proc/self/stat', 'utf8').split(') ').at(-1).split(' ');
    const ticksPerSecond = 100; // USER_HZ, 100 on every Linux this runs on
    return (Number(fields[13]) + Number(fields[14])) / ticksPerSecond;
  } catch {
    return null;
  }
}

/** "12 min 3 s" */
function minutesAndSeconds(totalSeconds) {
  const rounded = Math.round(totalSeconds);
  return `${Math.floor(rounded / 60)} min ${rounded % 60} s`;
}

/**
 * Runs a command; its output is printed as it comes (live) or, for a command run beside another, in one piece when it
 * ends, so that no two commands' lines are mixed.
 */
function run(step, { live = true } = {}) {
  return new Promise((resolve) => {
    const started = Date.now();
    const title = `\n=== ${step.name}: ${step.command.join(' ')}`;
    if (live) console.log(title);
    const child = spawn(step.command[0], step.command.slice(1), { env: { ...process.env, ...turboEnv } });
    let output = '';
    for (const stream of [child.stdout, child.stderr]) {
      stream.on('data', (chunk) => {
        output += chunk;
        if (live) (stream === child.stdout ? process.stdout : process.stderr).write(chunk);
      });
    }
    child.on('close', (code) => {
      const seconds = (Date.now() - started) / 1000;
      if (!live) process.stdout.write(`${title}\n${output}`);
      console.log(
        `=== ${step.name}: ${code === 0 ? 'ok' : `failed (exit ${code})`} in ${seconds.toFixed(1)}s`,
      );
      resolve({ code: code ?? 1, seconds, ...countTests(output) });
    });
  });
}

/** A step's commands at once, the first one's output live; the first failure is the step's. */
async function runStep(step) {
  if (!Array.isArray(step)) return run(step);
  const results = await Promise.all(step.map((each, index) => run(each, { live: index === 0 })));
  return {
    code: results.find((result) => result.code !== 0)?.code ?? 0,
    seconds: Math.max(...results.map((result) => result.seconds)),
    passed: results.reduce((sum, result) => sum + result.passed, 0),
    failed: results.reduce(
      (sum, result) => sum + result.failed + (result.code !== 0 && result.failed === 0 ? 1 : 0),
      0,
    ),
  };
}

const started = Date.now();
let passed = 0;
let failed = 0;
let exitCode = 0;
/** Each step's name, wall time and CPU time (seconds), for the closing summary. */
const times = [];
for (const step of steps) {
  const cpuBefore = cpuSecondsOfEndedChildren();
  const result = await runStep(step);
  const cpuAfter = cpuSecondsOfEndedChildren();
  times.push({
    name: Array.isArray(step) ? step.map((each) => each.name).join(' and ') : step.name,
    seconds: result.seconds,
    cpu: cpuBefore === null || cpuAfter === null ? null : cpuAfter - cpuBefore,
  });
  passed += result.passed;
  failed += result.failed;
  if (result.code !== 0) {
    exitCode = result.code;
    if (result.failed === 0) failed += 1; // a failing step that is not a test runner counts as one failure
    break;
  }
}
// Each step's wall time with its CPU time (all cores: on two, a step busy on both shows twice its wall time), and the
// slowest step, so a run that took long says where.
const cpuOf = ({ cpu }) => (cpu === null ? '' : `, CPU ${minutesAndSeconds(cpu)}`);
console.log('\nnpm test, step by step:');
for (const time of times) console.log(`  ${time.name}: ${minutesAndSeconds(time.seconds)}${cpuOf(time)}`);
const slowestStep = times.reduce((slowest, time) => (time.seconds > slowest.seconds ? time : slowest));
console.log(`the slowest step: ${slowestStep.name}, ${minutesAndSeconds(slowestStep.seconds)}`);
const cpuTotal = cpuSecondsOfEndedChildren();
console.log(
  `npm test took ${minutesAndSeconds((Date.now() - started) / 1000)}${cpuTotal === null ? '' : ` (CPU ${minutesAndSeconds(cpuTotal)})`}`,
);
console.log(`tests: ${passed} passed, ${failed} failed`);
process.exit(exitCode);
