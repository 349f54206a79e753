require('@testing-library/jest-dom');
const nodeUtil = require('node:util');

// jsdom lacks these; react-router needs them at import time.
Object.assign(globalThis, { TextEncoder: nodeUtil.TextEncoder, TextDecoder: nodeUtil.TextDecoder });

// The shell's build constants, as webpack's DefinePlugin provides them.
globalThis.__BUILD_YEAR__ = new Date().getFullYear();
