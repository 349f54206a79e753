// The Node.js the site's server runs on, checked as it starts: a release line past its end of life gets no security
// fixes, and a line the site is not tested on may behave otherwise, so the server says either in one warning line.
// The end dates are Node's release schedule as the node-releases package carries it (the data browserslist reads).
import { createRequire } from 'node:module';

const schedule = createRequire(import.meta.url)('node-releases/data/release-schedule/release-schedule.json');

/** The Node.js lines the site is tested on: the root package.json's engines names these (a test keeps them in step). */
export const testedNodeLines = [26, 24];

const tested = `Node.js ${testedNodeLines.join(' or ')}`;

/**
 * The warning due on this Node at start, or undefined when none is.
 * @param {{ version?: string, today?: Date }} [runtime] process.version and the date (now) by default
 * @returns {string | undefined}
 */
export function nodeRuntimeWarning({ version = process.version, today = new Date() } = {}) {
  const line = Number(/^v(\d+)\./.exec(version)?.[1]);
  const end = schedule[`v${line}`]?.end;
  if (end && today.toISOString().slice(0, 10) > end)
    return (
      `Warning: Node.js ${version} reached its end of life on ${end} and gets no security fixes; ` +
      `run the site's server on ${tested}.`
    );
  if (!testedNodeLines.includes(line))
    return `Warning: the site is tested on ${tested}, not on Node.js ${version}.`;
  return undefined;
}

let checked = false;

/** Prints the warning due on this Node, if any, once per process (as the first site server is made). */
export function checkNodeRuntime() {
  if (checked) return;
  checked = true;
  const warning = nodeRuntimeWarning();
  if (warning) console.warn(warning);
}
