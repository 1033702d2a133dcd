/**
 * ESLint (`npm run lint`, run in CI): typescript-eslint, eslint-plugin-astro, jsx-a11y (React
 * islands and .astro markup) and the React hooks rules, including the React Compiler-era checks
 * (purity, refs, set-state-in-effect ...). Formatting is Prettier's (`npm run format:check`).
 */
import js from '@eslint/js';
import tseslint from 'typescript-eslint';
import astro from 'eslint-plugin-astro';
import jsxA11y from 'eslint-plugin-jsx-a11y';
import reactHooks from 'eslint-plugin-react-hooks';
import globals from 'globals';

/** A relative import specifier that reaches into one of these top-level folders (src/server, harness, ...). */
const into = (...folders) => `^(\\.{1,2}/)+(.*/)?(${folders.join('|')})(/|$)`;

/**
 * The import boundaries (docs/development.md, "Folders and boundaries"):
 * - the browser's side (islands, components, layouts, pages) and the shared code (src/lib) never
 *   import the server's pipeline (src/server);
 * - nothing under src/ imports the commands, the local stand-ins, the benchmarks or the tests;
 * - the server's code never imports React;
 * - src/lib never imports src/content.config.ts, with one named exception: src/lib/cms builds the
 *   Decap configuration from the collections' schemas, so it must read them (and is only run at
 *   build time and by tests, never shipped to a visitor's page except /admin's own bundle).
 */
const boundaries = () => {
  const outside = {
    regex: into('harness', 'scripts', 'bench', 'tests', 'integrations'),
    message: 'src/ must not import the local stand-ins, commands, benchmarks, tests or build integrations.',
  };
  const server = {
    regex: into('server'),
    message: 'Server code (src/server) must not reach the browser: move what both sides need to src/lib/enquiry.',
  };
  const contentConfig = {
    regex: '(^|/)content\\.config(\\.ts)?$',
    message: 'src/lib must not import src/content.config.ts (only src/lib/cms may, to build the CMS configuration).',
  };
  const react = {
    group: ['react', 'react/*', 'react-dom', 'react-dom/*', '@astrojs/react'],
    message: 'The server has no React.',
  };
  const rule = (...patterns) => ({ 'no-restricted-imports': ['error', { patterns }] });
  return [
    { files: ['src/**'], ignores: ['src/server/**', 'src/lib/**'], rules: rule(outside, server) },
    { files: ['src/lib/**'], ignores: ['src/lib/cms/**'], rules: rule(outside, server, contentConfig) },
    { files: ['src/lib/cms/**'], rules: rule(outside, server) },
    { files: ['src/server/**'], rules: rule(outside, react) },
  ];
};

export default tseslint.config(
  {
    ignores: ['dist/', '.astro/', '.netlify/', 'node_modules/', 'outbox/', 'tmp/', 'test-results/', 'playwright-report/'],
  },
  js.configs.recommended,
  tseslint.configs.recommended,
  astro.configs['flat/recommended'],
  astro.configs['flat/jsx-a11y-recommended'],
  {
    // The jsx-a11y plugin itself is registered by astro's config above (the same module); its rules here cover the islands.
    files: ['**/*.tsx'],
    languageOptions: jsxA11y.flatConfigs.recommended.languageOptions,
    rules: jsxA11y.flatConfigs.recommended.rules,
  },
  {
    // React runs in src/ only; elsewhere `use…` names are Vitest/Playwright fixtures, not hooks.
    files: ['src/**/*.{ts,tsx}'],
    ...reactHooks.configs.flat['recommended-latest'],
  },
  {
    linterOptions: { reportUnusedDisableDirectives: 'error' },
    rules: {
      // `_`-prefixed names are deliberately unused (a parameter a callback must take).
      '@typescript-eslint/no-unused-vars': ['error', { argsIgnorePattern: '^_', varsIgnorePattern: '^_', caughtErrors: 'none' }],
      // role="list" is kept on lists styled list-style: none: Safari drops their list semantics otherwise.
      'astro/jsx-a11y/no-redundant-roles': ['error', { nav: ['navigation'], ul: ['list'], ol: ['list'] }],
      'jsx-a11y/no-redundant-roles': ['error', { nav: ['navigation'], ul: ['list'], ol: ['list'] }],
    },
  },

  // Globals: each file gets those of the place it runs in.
  {
    // The site's pages, islands and their helpers run in the browser (and at build time, where
    // Astro renders them); src/lib/enquiry also runs on the server, so it gets only what both have.
    files: ['src/**'],
    languageOptions: { globals: { ...globals.browser } },
  },
  {
    files: ['src/lib/enquiry/**'],
    languageOptions: { globals: { ...globals['shared-node-browser'] } },
  },
  {
    // Node only: the lead pipeline, the functions, the build integrations, the commands, the local
    // stand-ins, the benchmarks, the configs, and the frontmatter of the pages that read the build's env.
    files: [
      'src/server/**',
      'src/lib/cms/decap-*.ts',
      'src/pages/**/*.astro',
      'src/**/*.config.ts',
      'netlify/**',
      'integrations/**',
      'scripts/**',
      'harness/**',
      'bench/**',
      '*.{js,mjs,ts}',
    ],
    languageOptions: { globals: { ...globals.node } },
  },
  {
    // Tests drive both: Node for servers and stores, the browser for jsdom and page.evaluate().
    files: ['tests/**'],
    languageOptions: { globals: { ...globals.node, ...globals.browser } },
  },

  // The arrows that must never exist. A relative import is matched by the folder it reaches.
  ...boundaries(),
  {
    // Tests read JSON answers and stored records loosely; a wrong field fails the assertion that reads it.
    files: ['tests/**'],
    rules: { '@typescript-eslint/no-explicit-any': 'off' },
  },
);
