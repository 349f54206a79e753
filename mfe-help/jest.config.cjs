module.exports = require('@site/tools/jest/createJestConfig')(__dirname);
