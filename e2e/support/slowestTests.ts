// A Playwright reporter beside the list: when the run ends, its ten slowest tests and its ten slowest spec files (the
// sum of their tests' times), so a run's time says where it went. A test's time is its own (hooks and fixtures
// included), as Playwright counts it; the run's wall time is printed with them.
import path from 'node:path';
import type { FullConfig, FullResult, Reporter, TestCase, TestResult } from '@playwright/test/reporter';

const shown = 10;

interface Timed {
  name: string;
  ms: number;
}

/** "12.3 s" */
const seconds = (ms: number) => `${(ms / 1000).toFixed(1)} s`;

function slowest(timed: Timed[], count = shown): Timed[] {
  return [...timed].sort((a, b) => b.ms - a.ms).slice(0, count);
}

function table(title: string, timed: Timed[]): string {
  return [`${title}:`, ...timed.map(({ name, ms }) => `${seconds(ms).padStart(9)}  ${name}`)].join('\n');
}

export default class SlowestTests implements Reporter {
  private rootDir = '';
  private readonly tests: Timed[] = [];
  private readonly files = new Map<string, number>();

  onBegin(config: FullConfig) {
    this.rootDir = config.rootDir;
  }

  onTestEnd(test: TestCase, result: TestResult) {
    const file = path.relative(this.rootDir, test.location.file);
    const project = test.parent.project()?.name;
    const title = test.titlePath().slice(3).join(' › ');
    this.tests.push({
      name: `${project ? `[${project}] ` : ''}${file}:${test.location.line} ${title}`,
      ms: result.duration,
    });
    this.files.set(file, (this.files.get(file) ?? 0) + result.duration);
  }

  onEnd(result: FullResult) {
    if (this.tests.length === 0) return;
    const files = [...this.files].map(([name, ms]) => ({ name, ms }));
    const total = this.tests.reduce((sum, test) => sum + test.ms, 0);
    console.log(
      [
        '',
        `${this.tests.length} tests: ${seconds(total)} of test time in ${seconds(result.duration)} of wall time`,
        table(`the ${Math.min(shown, this.tests.length)} slowest tests`, slowest(this.tests)),
        table(`the ${Math.min(shown, files.length)} slowest spec files (their tests' time)`, slowest(files)),
      ].join('\n'),
    );
  }
}
