// Lint (npm run lint): correctness rules only, no style. ESLint + typescript-eslint rather than
// Biome because no-floating-promises / no-misused-promises need the TypeScript type checker, which
// Biome does not have. Unused exports are checked by knip (knip.json) and import cycles by
// scripts/check-cycles.mjs, and the layers of ARCHITECTURE.md (every kind of import, inline types and
// import() calls included) by scripts/check-layers.mjs, all run by the same script.
import tseslint from 'typescript-eslint';
import sonarjs from 'eslint-plugin-sonarjs';
import local from './scripts/lint-rules.mjs';

const REACT_INK = ['react', 'react/*', 'ink', 'ink-*'];
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
  // React and Ink stay out of the parts that render nothing. The arrows between our own folders
  // (ARCHITECTURE.md, "Code map") are checked once, by scripts/check-layers.mjs, which sees every
  // kind of import.
  {
    files: ['src/api/**', 'src/auth/**', 'src/demo-server/**', 'src/terminfo/**', 'src/text/**', 'src/fs/**', 'src/flags/**', 'src/startup/**'],
    rules: noImportsFrom(REACT_INK, 'src/api, auth, demo-server, terminfo, text, fs, flags and startup do not depend on React or Ink.'),
  },
);
