// Edge-function handlers are web-standard (Request -> Response), so they run under Node in the node environment.
module.exports = {
  rootDir: __dirname,
  testEnvironment: 'node',
  testMatch: ['<rootDir>/**/__tests__/**/*.spec.ts'],
  transform: { '^.+\\.tsx?$': ['ts-jest', { tsconfig: `${__dirname}/tsconfig.json`, diagnostics: false }] },
  // A safety net, sized for a machine half as fast as ours (one core) and busy: the handlers run against the real
  // local backend (PGlite) and mail catcher, and on a loaded 2-core machine one call of the contact function took more
  // than jest's default 5 s. Every test waits for what it checks, so a passing test never reaches it.
  testTimeout: 60_000,
  // Two files at a time, whatever jest's default for the machine (one worker on two cores): most of their time is
  // waiting (a retry that comes due, a mail caught), and each file starts a backend of its own. 84 s one at a time,
  // 44 s two at a time, the same CPU time.
  maxWorkers: 2,
};
