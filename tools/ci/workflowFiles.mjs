// The repository's GitHub Actions workflows, read for the tests that keep them valid and their path filters right.
import { readdirSync, readFileSync } from 'node:fs';
import path from 'node:path';
import picomatch from 'picomatch';
import { parse } from 'yaml';

export const workflowsDir = path.resolve(import.meta.dirname, '../../.github/workflows');

/** Every workflow file: its name, text and parsed YAML. */
export function readWorkflows() {
  return readdirSync(workflowsDir)
    .filter((file) => /\.ya?ml$/.test(file))
    .sort()
    .map((file) => {
      const text = readFileSync(path.join(workflowsDir, file), 'utf8');
      return { file, text, workflow: parse(text) };
    });
}

/**
 * Whether a push or pull request that changes these files runs a workflow with these `paths`, as GitHub decides it:
 * a file counts when the last pattern that matches it is not a `!` pattern; `*` stops at `/`, `**` does not.
 */
export function pathsTrigger(patterns, changedFiles) {
  const rules = patterns.map((pattern) => {
    const negated = pattern.startsWith('!');
    return { negated, matches: picomatch(negated ? pattern.slice(1) : pattern, { dot: true }) };
  });
  return changedFiles.some((file) => {
    let included = false;
    for (const rule of rules) if (rule.matches(file)) included = !rule.negated;
    return included;
  });
}
