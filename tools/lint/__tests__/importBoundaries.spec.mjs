// The import boundaries are rules of the build: these prove the lint rule catches each kind of wrong import.
import { describe, it } from 'node:test';
import assert from 'node:assert/strict';
import path from 'node:path';
import { ESLint } from 'eslint';

const repoRoot = path.resolve(import.meta.dirname, '../../..');
const eslint = new ESLint({ cwd: repoRoot });

async function boundaryErrors(file, code, rule = 'no-restricted-imports') {
  const [result] = await eslint.lintText(code, { filePath: path.join(repoRoot, file) });
  return result.messages.filter((message) => message.ruleId === rule).map((m) => m.message);
}

/** The one-way rule inside a package, checked on resolved paths (eslint.config.mjs, oneWayZones). */
const oneWayErrors = (file, code) => boundaryErrors(file, code, 'import-x/no-restricted-paths');

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
      (await boundaryErrors('mfe-help/src/x.ts', "import '../../shell/src/site/sitePages';\n")).length,
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

  it('stop a feature of a section importing another feature, from its code or its tests', async () => {
    assert.match(
      (
        await oneWayErrors('mfe-tutorials/src/features/teaser/x.ts', "import '../videos/TutorialCard.tsx';\n")
      )[0] ?? '',
      /Features never import each other/,
    );
    assert.equal(
      (
        await oneWayErrors(
          'mfe-courses/src/features/search/__tests__/x.ts',
          "import '../../courses/CourseCard.tsx';\n",
        )
      ).length,
      1,
    );
  });

  it("stop a section's components/ importing a feature, and anything importing exposes/", async () => {
    assert.equal(
      (
        await oneWayErrors(
          'mfe-tutorials/src/components/x.ts',
          "import '../features/videos/TutorialCard.tsx';\n",
        )
      ).length,
      1,
    );
    assert.equal(
      (await oneWayErrors('mfe-help/src/features/terms/x.ts', "import '../../exposes/HelpRoutes.tsx';\n"))
        .length,
      1,
    );
  });

  it("stop the shell's lower layers importing site/, and its features importing each other", async () => {
    assert.equal((await oneWayErrors('shell/src/frame/x.ts', "import '../site/sitePages.ts';\n")).length, 1);
    assert.equal(
      (await oneWayErrors('shell/src/federation/x.ts', "import '../site/siteConfig.ts';\n")).length,
      1,
    );
    assert.equal(
      (
        await oneWayErrors(
          'shell/src/features/contact/x.ts',
          "import '../newsletter/newsletterMessages.ts';\n",
        )
      ).length,
      1,
    );
    assert.equal(
      (await oneWayErrors('shell/src/captcha/x.ts', "import '../features/contact/contactMessages.ts';\n"))
        .length,
      1,
    );
    assert.equal(
      (await oneWayErrors('shell/src/captcha/x.ts', "import '../site/siteConfig.ts';\n")).length,
      1,
    );
  });

  it("stop the shell reaching the backend's code by path instead of its package export", async () => {
    assert.equal(
      (
        await boundaryErrors(
          'shell/src/features/contact/x.ts',
          "import '../../../../supabase/functions/_shared/isValidEmail.ts';\n",
        )
      ).length,
      1,
    );
  });

  it('allow the one-way imports the structure is made of', async () => {
    assert.deepEqual(
      await oneWayErrors(
        'mfe-tutorials/src/features/teaser/x.ts',
        "import '../../components/SubscribeLink.tsx';\nimport './TutorialsTeaser.tsx';\n",
      ),
      [],
    );
    assert.deepEqual(
      await oneWayErrors('mfe-tutorials/src/exposes/x.ts', "import '../features/videos/TutorialGrid.tsx';\n"),
      [],
    );
    assert.deepEqual(
      await oneWayErrors(
        'shell/src/site/x.ts',
        "import '../frame/Navbar.tsx';\nimport '../features/ad-toast/AdToast.tsx';\n",
      ),
      [],
    );
    assert.deepEqual(
      await boundaryErrors(
        'shell/src/features/contact/x.ts',
        "import '@site/supabase-functions/contactForm';\n",
      ),
      [],
    );
    assert.deepEqual(
      await oneWayErrors(
        'shell/src/features/newsletter/x.ts',
        "import '../../captcha/RecaptchaProvider.tsx';\n",
      ),
      [],
    );
  });
});
