// Lint (npm run lint): correctness rules only, no style. ESLint + typescript-eslint rather than
// Biome because no-floating-promises / no-misused-promises need the TypeScript type checker, which
// Biome does not have. Unused exports are checked by knip (knip.json) and import cycles by
// scripts/check-cycles.mjs, and the layers of ARCHITECTURE.md (every kind of import, inline types and
// import() calls included) by scripts/check-layers.mjs, all run by the same script.
import tseslint from 'typescript-eslint';
import sonarjs from 'eslint-plugin-sonarjs';
import local from './scripts/lint-rules.mjs';

const REACT_INK = ['react', 'react/*', 'ink', 'ink-*'];
const STORE_MAY_NOT_IMPORT = ['**/components/**', '**/screens/**'];
const STORE_IMPORTS_WHY = 'src/ui/store imports nothing from src/ui/components or src/ui/screens (they import the store).';
const noImportsFrom = (patterns, message) => ({
  'no-restricted-imports': ['error', { patterns: [{ group: patterns, message }] }],
});

export default tseslint.config(
  { ignores: ['dist/', 'node_modules/', 'coverage/'] },
  {
    files: ['**/*.{ts,tsx,js,mjs}'],
    linterOptions: { reportUnusedDisableDirectives: 'error' },
    plugins: { sonarjs, local },
    rules: {
      // Identical branches and duplicated code.
      'no-dupe-else-if': 'error',
      'no-duplicate-case': 'error',
      'no-self-compare': 'error',
      'no-self-assign': 'error',
      'no-unreachable': 'error',
      'sonarjs/no-all-duplicated-branches': 'error',
      'sonarjs/no-duplicated-branches': 'error',
      'sonarjs/no-identical-conditions': 'error',
      'sonarjs/no-identical-expressions': 'error',
      'sonarjs/no-identical-functions': 'error',
      'local/no-identical-module-functions': 'error',
      'local/no-branch-same-as-fallthrough': 'error',
    },
  },
  {
    files: ['**/*.{ts,tsx}'],
    languageOptions: {
      parser: tseslint.parser,
      parserOptions: {
        projectService: { allowDefaultProject: ['vitest.config.ts'] },
        tsconfigRootDir: import.meta.dirname,
      },
    },
    plugins: { '@typescript-eslint': tseslint.plugin },
    rules: {
      '@typescript-eslint/no-floating-promises': 'error',
      '@typescript-eslint/no-misused-promises': 'error',
      '@typescript-eslint/await-thenable': 'error',
    },
  },
  // The arrows (ARCHITECTURE.md, "Code map"; scripts/check-layers.mjs checks every kind of import): api, auth and demo-server render nothing, and api
  // depends on none of the app's other parts.
  {
    files: ['src/auth/**', 'src/demo-server/**', 'src/terminfo/**'],
    rules: noImportsFrom(REACT_INK, 'src/auth, src/demo-server and src/terminfo do not depend on React or Ink.'),
  },
  {
    files: ['src/api/**'],
    rules: noImportsFrom(
      [...REACT_INK, '**/auth/**', '**/demo-server/**', '**/ui/**', '**/cli/**', '**/cli.js'],
      'src/api depends on no React/Ink and on none of auth, demo-server, ui, cli.',
    ),
  },
  // The store holds the state the screens draw: it imports none of them.
  {
    files: ['src/ui/store/**'],
    rules: noImportsFrom(STORE_MAY_NOT_IMPORT, STORE_IMPORTS_WHY),
  },
  // text, fs and flags are the bottom layer: every other part may use them, they use none.
  {
    files: ['src/text/**', 'src/fs/**', 'src/flags/**'],
    rules: noImportsFrom(['../**'], 'src/text, src/fs and src/flags import nothing of the app outside their folder (text takes API errors as plain data).'),
  },
  {
    files: ['src/ui/services/**'],
    rules: noImportsFrom(['**/auth/**'], 'src/ui/services does not depend on src/auth (the atomic writer is src/fs).'),
  },
  // The command line takes the UI through its entries only: ui/index.ts (nothing there loads ink),
  // the index of a ui folder (login/, theme/, table-model/), and the two modules it loads with
  // import(): ui/run.tsx and ui/first-frame/draw.ts.
  {
    files: ['src/cli/**', 'src/cli.ts'],
    rules: noImportsFrom(
      [
        // Listed by depth: a folder matched whole could not have a file let through again.
        '**/ui/*.js',
        '**/ui/*/*.js',
        '**/ui/*/*/**',
        '!**/ui/index.js',
        '!**/ui/run.js',
        '!**/ui/*/index.js',
        '!**/ui/first-frame/draw.js',
      ],
      'src/cli imports the UI only through ui/index.ts, a ui folder\'s index.ts, ui/run.tsx or ui/first-frame/draw.ts.',
    ),
  },
);
