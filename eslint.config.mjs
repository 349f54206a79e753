// Lint for every package: typescript-eslint, React hooks, jsx-a11y, and the import boundaries that keep each part
// in its room (ARCHITECTURE.md): a section never imports another section or the shell, shared-ui imports no app,
// and the shell reaches sections only through Module Federation.
import js from '@eslint/js';
import tseslint from 'typescript-eslint';
import jsxA11y from 'eslint-plugin-jsx-a11y';
import reactHooks from 'eslint-plugin-react-hooks';
import globals from 'globals';
import importX, { createNodeResolver } from 'eslint-plugin-import-x';
import { readdirSync } from 'node:fs';

const sections = ['mfe-portfolio', 'mfe-tutorials', 'mfe-courses', 'mfe-help'];

/** The feature folders of a package's src/features, read from disk, so a new feature is covered at once. */
function featuresOf(pkg) {
  return readdirSync(new URL(`./${pkg}/src/features`, import.meta.url), { withFileTypes: true })
    .filter((entry) => entry.isDirectory())
    .map((entry) => entry.name);
}

// Inside a package, imports run one way (STYLE.md): exposes/ (a section) or site/ (the shell) compose features;
// features never import each other; what several features share lives in components/ (or the kit); nothing lower
// imports back up. By resolved path, so '../other/x' and '../../features/other/x' are caught alike.
const oneWayZones = [
  ...sections.flatMap((section) => [
    ...featuresOf(section).map((feature) => ({
      target: `./${section}/src/features/${feature}`,
      from: `./${section}/src/features`,
      except: [`./${feature}`],
      message:
        'Features never import each other: compose them in exposes/, or move what they share to components/.',
    })),
    {
      target: [`./${section}/src/features`, `./${section}/src/components`],
      from: `./${section}/src/exposes`,
      message: 'exposes/ composes the features; nothing imports it back.',
    },
    {
      target: `./${section}/src/components`,
      from: `./${section}/src/features`,
      message: 'components/ serves every feature and imports none.',
    },
  ]),
  ...featuresOf('shell').map((feature) => ({
    target: `./shell/src/features/${feature}`,
    from: './shell/src/features',
    except: [`./${feature}`],
    message: 'Features never import each other: compose them in site/.',
  })),
  {
    target: ['./shell/src/features', './shell/src/frame', './shell/src/federation', './shell/src/captcha'],
    from: ['./shell/src/site', './shell/src/bootstrap.tsx', './shell/src/index.ts', './shell/src/prerender'],
    message: 'site/ composes the frame, the features and the section slots; nothing below imports it back.',
  },
  {
    target: './shell/src/captcha',
    from: './shell/src/features',
    message: 'captcha/ serves every form of the page and imports none of them.',
  },
];

const appImports = (apps) => apps.flatMap((app) => [`@site/${app}`, `@site/${app}/*`, `**/${app}/**`]);

const testFiles = ['**/__tests__/**', '**/*.spec.{ts,tsx}', '**/*.test.{ts,tsx}'];

// Apps reach the router through the kit's facade (shared-ui/src/router), the one router instance they share; tests may
// use react-router's MemoryRouter directly.
const routerOnlyThroughTheKit = {
  group: ['react-router', 'react-router/*', 'react-router-dom', 'react-router-dom/*'],
  message:
    "Import the router from '@site/shared-ui/router', so every app shares one router of the smallest size.",
};

// One rule entry per file set (a later no-restricted-imports replaces an earlier one): the boundary for sources, which
// also routes the router through the kit, and the same boundary for tests.
function boundary(files, forbidden, message, extraPatterns = [], routerFacade = []) {
  const patterns = [{ group: forbidden, message }, ...extraPatterns];
  return [
    {
      files,
      ignores: [...testFiles, ...routerFacade],
      rules: { 'no-restricted-imports': ['error', { patterns: [...patterns, routerOnlyThroughTheKit] }] },
    },
    {
      files: files.flatMap((glob) => testFiles.map((test) => [glob, test])),
      rules: { 'no-restricted-imports': ['error', { patterns }] },
    },
  ];
}

export default tseslint.config(
  {
    ignores: [
      '**/node_modules/**',
      '**/dist/**',
      '**/dist-dev/**',
      '**/dist-prerender/**',
      '**/dist-server/**',
      '**/coverage/**',
      'e2e/test-results/**',
      'e2e/playwright-report/**',
      'supabase/.local/**',
      'bench/results/**',
      '.tmp-redeploy-*/**',
    ],
  },
  js.configs.recommended,
  ...tseslint.configs.recommended,
  {
    languageOptions: { globals: { ...globals.browser, ...globals.node } },
    rules: {
      '@typescript-eslint/no-unused-vars': ['error', { argsIgnorePattern: '^_', varsIgnorePattern: '^_' }],
    },
  },
  {
    files: ['**/*.cjs'],
    languageOptions: { sourceType: 'commonjs' },
    rules: { '@typescript-eslint/no-require-imports': 'off' },
  },
  {
    files: ['**/*.{ts,tsx}'],
    plugins: { 'react-hooks': reactHooks },
    rules: {
      'react-hooks/rules-of-hooks': 'error',
      'react-hooks/exhaustive-deps': 'error',
    },
  },
  { files: ['**/*.tsx'], ...jsxA11y.flatConfigs.recommended },
  {
    files: ['shell/src/**/*.{ts,tsx}', ...sections.map((section) => `${section}/src/**/*.{ts,tsx}`)],
    plugins: { 'import-x': importX },
    settings: {
      'import-x/resolver-next': [createNodeResolver({ extensions: ['.ts', '.tsx', '.js', '.mjs'] })],
    },
    // Zones are paths from the repository root, wherever ESLint runs (the lint tests run from tools/).
    rules: {
      'import-x/no-restricted-paths': ['error', { basePath: import.meta.dirname, zones: oneWayZones }],
    },
  },
  ...sections.flatMap((section) =>
    boundary(
      [`${section}/**/*.{ts,tsx,mjs}`],
      [...appImports(['shell', ...sections.filter((other) => other !== section)])],
      'A section never imports another section or the shell: share through @site/shared-ui or the event bus.',
    ),
  ),
  ...boundary(
    ['shell/**/*.{ts,tsx,mjs}'],
    appImports(sections),
    'The shell loads sections only through Module Federation (src/federation/remoteModules.ts).',
    [
      {
        group: ['**/supabase/**'],
        message:
          "Reach the backend's shared rules through their package export (@site/supabase-functions/...), not by path.",
      },
    ],
  ),
  ...boundary(
    ['shared-ui/src/**/*.{ts,tsx}'],
    appImports(['shell', ...sections]),
    'shared-ui imports no app.',
    [
      {
        group: ['./**', '../**', '!**/*.module.css'],
        message:
          'Inside shared-ui, import another module of the kit by its package name (@site/shared-ui/...), so Module Federation shares one instance of it.',
      },
    ],
    ['shared-ui/src/router/router.ts', 'shared-ui/src/router/staticRouter.ts'],
  ),
);
