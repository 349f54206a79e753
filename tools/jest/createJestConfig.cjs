// The jest configuration of a front-end package: TypeScript through ts-jest (types are checked separately),
// jsdom, CSS Modules as their class names, and Testing Library's matchers. Tests sit beside the code they test,
// in __tests__/*.spec.ts(x).
const path = require('node:path');

/** @param {string} packageDir @returns {import('jest').Config} */
module.exports = function createJestConfig(packageDir) {
  return {
    rootDir: packageDir,
    testEnvironment: 'jsdom',
    testMatch: [
      '<rootDir>/src/**/__tests__/**/*.spec.ts?(x)',
      '<rootDir>/scripts/**/__tests__/**/*.spec.ts?(x)',
    ],
    transform: {
      '^.+\\.tsx?$': ['ts-jest', { tsconfig: path.join(packageDir, 'tsconfig.json'), diagnostics: false }],
    },
    moduleNameMapper: { '\\.css$': 'identity-obj-proxy' },
    setupFilesAfterEnv: [path.join(__dirname, 'setupTests.cjs')],
    clearMocks: true,
    // A safety net, sized for a machine half as fast as ours (one core) and busy: every test waits for what it
    // checks, so a passing test never reaches it. jest's default (5 s) did: a userEvent test of the portfolio's
    // search took longer while its file took 48 s at a load of 25.
    testTimeout: 60_000,
  };
};
