const createJestConfig = require('@site/tools/jest/createJestConfig');

const config = createJestConfig(__dirname);

// The feed library (src/seo/feeds.ts) is published as ES modules only: jest, which runs CommonJS here, compiles it.
module.exports = {
  ...config,
  transform: {
    ...config.transform,
    '/node_modules/feed/.+\\.js$': ['ts-jest', { tsconfig: { allowJs: true }, diagnostics: false }],
  },
  transformIgnorePatterns: ['/node_modules/(?!feed/)'],
};
