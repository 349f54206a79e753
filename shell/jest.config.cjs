const createJestConfig = require('@site/tools/jest/createJestConfig');

module.exports = createJestConfig(__dirname);
