const base = require('@site/tools/jest/createJestConfig')(__dirname);

module.exports = {
  ...base,
  moduleNameMapper: {
    ...base.moduleNameMapper,
    '\\.(webp|png|jpe?g|svg)$': '<rootDir>/jest/assetUrl.cjs',
  },
};
