// Edge-function handlers are web-standard (Request -> Response), so they run under Node in the node environment.
module.exports = {
  rootDir: __dirname,
  testEnvironment: 'node',
  testMatch: ['<rootDir>/**/__tests__/**/*.spec.ts'],
  transform: { '^.+\\.tsx?$': ['ts-jest', { tsconfig: `${__dirname}/tsconfig.json`, diagnostics: false }] },
  // The handlers run against the real local backend (PGlite) and mail catcher: on a loaded 2-core machine one call of
  // the contact function took more than jest's default 5 s, and failed npm test with nothing wrong.
  testTimeout: 30_000,
  // Two files at a time, whatever jest's default for the machine (one worker on two cores): most of their time is
  // waiting (a retry that comes due, a mail caught), and each file starts a backend of its own. 84 s one at a time,
  // 44 s two at a time, the same CPU time.
  maxWorkers: 2,
};
