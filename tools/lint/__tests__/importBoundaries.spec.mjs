// The import boundaries are rules of the build: these prove the lint rule catches each kind of wrong import.
import { describe, it } from 'node:test';
import assert from 'node:assert/strict';
import path from 'node:path';
import { ESLint } from 'eslint';

const repoRoot = path.resolve(import.meta.dirname, '../../..');
const eslint = new ESLint({ cwd: repoRoot });

async function boundaryErrors(file, code) {
  const [result] = await eslint.lintText(code, { filePath: path.join(repoRoot, file) });
  return result.messages
    .filter((message) => message.ruleId === 'no-restricted-imports')
    .map((m) => m.message);
}

describe('import boundaries', () => {
  it('stop a section importing another section, by package or by path', async () => {
    assert.equal(
      (await boundaryErrors('mfe-courses/src/x.ts', "import '@site/mfe-portfolio/src/a';\n")).length,
      1,
    );
    assert.equal(
      (await boundaryErrors('mfe-courses/src/x.ts', "import '../../mfe-help/src/a';\n")).length,
      1,
    );
  });

  it('stop a section importing the shell', async () => {
    assert.equal(
      (await boundaryErrors('mfe-help/src/x.ts', "import '../../shell/src/app/siteRoutes';\n")).length,
      1,
    );
  });

  it('stop the shell importing a section other than through Module Federation', async () => {
    assert.equal((await boundaryErrors('shell/src/x.ts', "import '@site/mfe-tutorials/src/a';\n")).length, 1);
  });

  it('stop shared-ui importing an app, or a module of its own by path', async () => {
    assert.ok(
      (await boundaryErrors('shared-ui/src/x.ts', "import '../../shell/src/a';\n")).some((message) =>
        message.endsWith('shared-ui imports no app.'),
      ),
    );
    assert.equal(
      (await boundaryErrors('shared-ui/src/components/x.ts', "import './Button.tsx';\n")).length,
      1,
    );
  });

  it('allow what the architecture allows', async () => {
    assert.deepEqual(
      await boundaryErrors(
        'mfe-courses/src/x.ts',
        "import '@site/shared-ui/Button';\nimport './local.ts';\n",
      ),
      [],
    );
    assert.deepEqual(
      await boundaryErrors('shared-ui/src/components/x.ts', "import styles from './x.module.css';\n"),
      [],
    );
  });
});
