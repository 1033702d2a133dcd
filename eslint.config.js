/**
 * ESLint (`npm run lint`, run in CI): typescript-eslint, eslint-plugin-astro, jsx-a11y (React
 * islands and .astro markup) and the React hooks rules, including the React Compiler-era checks
 * (purity, refs, set-state-in-effect ...). Formatting is Prettier's (`npm run check:format`).
 */
import js from '@eslint/js';
import tseslint from 'typescript-eslint';
import astro from 'eslint-plugin-astro';
import jsxA11y from 'eslint-plugin-jsx-a11y';
import reactHooks from 'eslint-plugin-react-hooks';
import globals from 'globals';
import { builtinModules } from 'node:module';

/**
 * The import boundaries (docs/development.md, "Folders and boundaries"): the arrows that must never
 * exist. Each boundary is one list of forbidden targets, matched against the specifier as written
 * (paths relative or root-absolute, so a target survives files moving within src/), and refused in
 * every form an import can take: `import`/`export … from`, `import()`, `require()` and Vite's
 * `import.meta.glob()`. Every message names its boundary.
 */

/** A specifier, relative (`../server/x`) or root-absolute (`/src/server/x`), that reaches a folder with one of these names. */
const folder = (...names) => new RegExp(`^\\.{0,2}/(.*/)?(${names.join('|')})(/|$)`, 'i');
/** A bare specifier of one of these packages or their subpaths; `@scope/*` is the whole scope. */
const packages = (...names) => new RegExp(`^(${names.map((name) => name.replace(/\*$/, '[^/]+')).join('|')})(/|$)`, 'i');

const boundary = (name, why, targets, options = {}) => ({ message: `Boundary "${name}": ${why}`, targets, ...options });

const OUTSIDE_SRC = boundary(
  'src → outside src',
  'src/ never imports the commands, local stand-ins, benchmarks, tests, build integrations or functions (scripts/, harness/, bench/, tests/, integrations/, netlify/).',
  [folder('scripts', 'harness', 'bench', 'tests', 'integrations', 'netlify')],
);
/** src/content.config.ts is build configuration, as astro.config.mjs is: it runs the consent lock's checks (integrations/consent-lock.ts). */
const OUTSIDE_SRC_FROM_CONFIG = boundary(
  'src → outside src',
  'src/content.config.ts may import the build integrations (integrations/), and nothing else outside src/ (scripts/, harness/, bench/, tests/, netlify/).',
  [folder('scripts', 'harness', 'bench', 'tests', 'netlify')],
);
const TESTS = boundary(
  'tools → tests',
  'the commands, local stand-ins, benchmarks, build integrations and functions never import tests/: what tests and benchmarks share lives in harness/.',
  [folder('tests')],
);
const PROPS_BUILDER = boundary(
  'browser → props builder',
  "browser code never imports an island's props builder (props.ts): it reads every dictionary, and runs at build time in the .astro page.",
  [/^\.{0,2}\/(.*\/)?props(\.ts)?$/i],
  { allowTypeImports: true },
);
const SERVER = boundary(
  'browser → server',
  "nothing under src/ outside src/server imports it (netlify/functions does); what both sides need lives in src/lib (the enquiry in src/lib/enquiry, the team's API in src/lib/team-api).",
  [folder('server')],
);
const WIRE_SCHEMAS = boundary(
  'browser → wire schemas',
  "browser code imports only the types of the team API's contract (import type from src/lib/team-api/wire.ts): its schemas check the server's answers in tests, and stay out of the browser.",
  [/^\.{0,2}\/(.*\/)?team-api\/wire(\.ts)?$/i],
  { allowTypeImports: true },
);
const NODE_ONLY = boundary(
  'browser → Node',
  'browser code never imports Node built-ins, Netlify packages, database drivers or server-only packages.',
  [
    new RegExp(`^(node:|(${builtinModules.join('|')})(/|$))`, 'i'),
    packages('@netlify/*', '@neondatabase/*', '@electric-sql/pglite', 'pg', 'postgres', 'negotiator'),
  ],
);
const DICTIONARIES = boundary(
  'browser → dictionaries',
  "browser code never imports a dictionary (src/i18n, its index or a language file): its page passes an island its own language's words as props. It may import src/i18n/format.ts and src/i18n/locales.ts, and types.",
  [/^\.{0,2}\/(.*\/)?i18n(\/(?!(format|locales)(\.ts)?$)|$)/i],
  { allowTypeImports: true },
);
const CONTENT_CONFIG = boundary(
  'lib → collections',
  'src/lib never imports src/content.config.ts (only src/lib/cms may, to build the CMS configuration).',
  [/(^|\/)content\.config(\.ts)?$/i],
);
const REACT = boundary('server → React', 'the server has no React.', [packages('react', 'react-dom', '@astrojs/react')], {
  syntax: ['JSXElement', 'JSXFragment'],
});

/**
 * The server's rooms, lowest first: each imports only the rooms before it (db ← outbound ← intake
 * ← team ← jobs). The files at src/server/'s top (errors, settings, log, the deploy context) serve
 * every room; index.ts hands the functions their handlers.
 */
const SERVER_ROOMS = ['db', 'outbound', 'intake', 'team', 'jobs'];
const serverRoom = (room) => {
  const later = SERVER_ROOMS.slice(SERVER_ROOMS.indexOf(room) + 1);
  return boundary(
    'server rooms',
    `the server's rooms import one way, db ← outbound ← intake ← team ← jobs: src/server/${room}/ never imports ${later.map((name) => `${name}/`).join(', ')}.`,
    [folder(...later)],
  );
};

/** Every form of import whose literal specifier is checked; `[value=…]` is appended. */
const DYNAMIC_IMPORT_FORMS = [
  'ImportExpression > Literal.source',
  "CallExpression[callee.name='require'] > Literal.arguments",
  "CallExpression[callee.object.meta.name='import'][callee.property.name='glob'] Literal",
].join(', ');

/**
 * The rules that refuse `boundaries` (each later block below replaces these two rules for its
 * files, so it lists every boundary that applies there). Under src/ (`forbid`), `import()` takes a
 * string literal, so the boundaries can read it; the tools outside src/ (`forbidOutsideSrc`) load
 * modules by computed paths (the warm functions, the fuzzer's targets). `require()` is refused
 * everywhere by typescript-eslint's no-require-imports; a literal one is still matched here, to
 * name the boundary.
 */
const refuse = (boundaries, { literalImports }) => ({
  '@typescript-eslint/no-restricted-imports': [
    'error',
    {
      patterns: boundaries.flatMap(({ targets, message, allowTypeImports = false }) =>
        targets.map((target) => ({ regex: target.source, message, allowTypeImports })),
      ),
    },
  ],
  'no-restricted-syntax': [
    'error',
    ...(literalImports
      ? [
          {
            selector: "ImportExpression[source.type!='Literal']",
            message: 'src/ imports by a string literal only, so the boundaries can read it.',
          },
        ]
      : []),
    ...boundaries.flatMap(({ targets, message, syntax = [] }) => [
      ...targets.map((target) => ({ selector: `:matches(${DYNAMIC_IMPORT_FORMS})[value=${target}]`, message })),
      ...syntax.map((selector) => ({ selector, message })),
    ]),
  ],
});
const forbid = (...boundaries) => refuse(boundaries, { literalImports: true });
const forbidOutsideSrc = (...boundaries) => refuse(boundaries, { literalImports: false });

/**
 * Browser code: the islands and the client scripts (src/client-scripts/, and `<script>` in .astro, which
 * ESLint sees as `X.astro/0_0.ts`). An island's props builder (`props.ts` in its island's folder)
 * runs at build time in the .astro page and reads every dictionary to hand the island one language.
 */
const BROWSER = ['src/islands/**', 'src/client-scripts/**', 'src/**/*.astro/*.{js,ts}'];
const ISLAND_PROPS_BUILDERS = ['src/islands/**/props.ts'];

const boundaries = [
  { files: ['src/**'], rules: forbid(OUTSIDE_SRC, SERVER) },
  { files: ['src/content.config.ts'], rules: forbid(OUTSIDE_SRC_FROM_CONFIG, SERVER) },
  { files: ['src/lib/**'], rules: forbid(OUTSIDE_SRC, SERVER, CONTENT_CONFIG) },
  { files: ['src/lib/cms/**'], rules: forbid(OUTSIDE_SRC, SERVER) },
  { files: BROWSER, rules: forbid(OUTSIDE_SRC, SERVER, NODE_ONLY, DICTIONARIES, PROPS_BUILDER, WIRE_SCHEMAS) },
  { files: ISLAND_PROPS_BUILDERS, rules: forbid(OUTSIDE_SRC, SERVER, NODE_ONLY) },
  { files: ['src/server/**'], rules: forbid(OUTSIDE_SRC, REACT) },
  ...SERVER_ROOMS.slice(0, -1).map((room) => ({ files: [`src/server/${room}/**`], rules: forbid(OUTSIDE_SRC, REACT, serverRoom(room)) })),
  { files: ['scripts/**', 'harness/**', 'bench/**', 'integrations/**', 'netlify/**'], rules: forbidOutsideSrc(TESTS) },
];

/**
 * One import style: a relative (or root-absolute) specifier names its file with its extension
 * (`.ts`, `.tsx`, `.css`, …), as Node runs the scripts and `tsconfig.json` allows
 * (`allowImportingTsExtensions`); never a bare `./api` or a folder's implied index.
 */
const FILE_EXTENSION = /\.(ts|tsx|mts|cts|js|mjs|cjs|json|astro|css|svg|png|jpe?g|webp|avif|gif|md|mdx|txt|ya?ml|woff2?)(\?[\w&=]*)?$/;
const importStyle = {
  rules: {
    'relative-extension': {
      meta: {
        type: 'problem',
        schema: [],
        messages: { extension: "Import style: name the file with its extension ('{{specifier}}' needs .ts, .tsx or the file's own)." },
      },
      create(context) {
        const check = (source) => {
          const specifier = source?.type === 'Literal' ? source.value : undefined;
          if (typeof specifier !== 'string' || !/^(\.{1,2}|\/src)\//.test(specifier) || specifier.includes('*')) return;
          if (!FILE_EXTENSION.test(specifier)) context.report({ node: source, messageId: 'extension', data: { specifier } });
        };
        return {
          ImportDeclaration: (node) => check(node.source),
          ExportNamedDeclaration: (node) => check(node.source),
          ExportAllDeclaration: (node) => check(node.source),
          ImportExpression: (node) => check(node.source),
        };
      },
    },
  },
};

export default tseslint.config(
  {
    ignores: ['dist/', '.astro/', '.netlify/', 'node_modules/', 'outbox/', 'tmp/', 'test-results/', 'playwright-report/'],
  },
  js.configs.recommended,
  tseslint.configs.recommended,
  {
    // Type-aware rules (as Starlight lints): the TypeScript files, typed by tsconfig.json through
    // the project service. Not the .astro files and their <script> blocks (X.astro/0_0.ts), whose
    // parser gives no types here, nor the plain JavaScript configs.
    files: ['**/*.{ts,tsx,mts}'],
    ignores: ['**/*.astro/*'],
    extends: [tseslint.configs.recommendedTypeChecked],
    languageOptions: {
      parserOptions: {
        // .ci/ is a dot-folder, which tsconfig.json's globs skip: its script is typed on its own.
        projectService: { allowDefaultProject: ['.ci/*.ts'] },
        tsconfigRootDir: import.meta.dirname,
      },
    },
  },
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
    plugins: { 'import-style': importStyle },
    rules: {
      'import-style/relative-extension': 'error',
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

  // The arrows that must never exist (above).
  ...boundaries,
  {
    // An island file (a component, a hook or a helper, .tsx or .ts) holds one idea: past 200 lines,
    // split it into named components, hooks and modules.
    files: ['src/islands/**/*.{ts,tsx}'],
    rules: { 'max-lines': ['error', { max: 200 }] },
  },
  {
    // Tests read JSON answers and stored records loosely (`any`); a wrong field fails the assertion
    // that reads it. So the rules against using an `any` are off there too; the other typed rules hold.
    files: ['tests/**'],
    rules: {
      '@typescript-eslint/no-explicit-any': 'off',
      '@typescript-eslint/no-unsafe-argument': 'off',
      '@typescript-eslint/no-unsafe-assignment': 'off',
      '@typescript-eslint/no-unsafe-call': 'off',
      '@typescript-eslint/no-unsafe-member-access': 'off',
      '@typescript-eslint/no-unsafe-return': 'off',
    },
  },
);
