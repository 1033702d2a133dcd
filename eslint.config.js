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
    // Browser code (islands, page scripts) and Node code (scripts, functions, tests) share src/lib.
    languageOptions: { globals: { ...globals.browser, ...globals.node } },
    linterOptions: { reportUnusedDisableDirectives: 'error' },
    rules: {
      // `_`-prefixed names are deliberately unused (a parameter a callback must take).
      '@typescript-eslint/no-unused-vars': ['error', { argsIgnorePattern: '^_', varsIgnorePattern: '^_', caughtErrors: 'none' }],
      // role="list" is kept on lists styled list-style: none: Safari drops their list semantics otherwise.
      'astro/jsx-a11y/no-redundant-roles': ['error', { nav: ['navigation'], ul: ['list'], ol: ['list'] }],
      'jsx-a11y/no-redundant-roles': ['error', { nav: ['navigation'], ul: ['list'], ol: ['list'] }],
    },
  },
  {
    // Tests read JSON answers and stored records loosely; a wrong field fails the assertion that reads it.
    files: ['tests/**'],
    rules: { '@typescript-eslint/no-explicit-any': 'off' },
  },
);
