require('@testing-library/jest-dom');

// The shell's build constants, as webpack's DefinePlugin provides them.
globalThis.__BUILD_YEAR__ = new Date().getFullYear();
