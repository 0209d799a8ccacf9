// ESLint flat config. Rules that need no type information only: `tsc --noEmit` already checks the
// types once, and a type-aware run of typescript-eslint would build a second TypeScript program
// (tens of seconds on the 2-core CI machine) to find little `tsc` misses. Formatting is Prettier's
// job (`npm run format:check`), so no stylistic rules here.
import js from '@eslint/js';
import reactHooks from 'eslint-plugin-react-hooks';
import globals from 'globals';
import tseslint from 'typescript-eslint';

export default tseslint.config(
  { ignores: ['dist/**', 'coverage/**', 'test-results/**', 'node_modules/**', 'bench/results/**'] },
  js.configs.recommended,
  ...tseslint.configs.recommended,
  {
    languageOptions: {
      ecmaVersion: 2022,
      sourceType: 'module',
      globals: { ...globals.browser, ...globals.node },
    },
    linterOptions: { reportUnusedDisableDirectives: 'error' },
    rules: {
      // Control characters in a pattern are the point where they appear: the code strips or refuses
      // them (safe cell text, terminal output, CSV, sheet names), so the rule would only be silenced.
      'no-control-regex': 'off',
      // Braces wherever a body spans lines; a one-line `if (x) return;` stays as it reads.
      curly: ['error', 'multi-line'],
      // Past six, positional arguments are read by counting: pass an object with names.
      'max-params': ['error', 6],
      // `_`-prefixed names are the project's way to say "deliberately unused" (positional params, rest omits).
      '@typescript-eslint/no-unused-vars': [
        'error',
        { argsIgnorePattern: '^_', varsIgnorePattern: '^_', caughtErrorsIgnorePattern: '^_', ignoreRestSiblings: true },
      ],
    },
  },
  {
    // The two classic hook rules; the React Compiler rules of the plugin's recommended set parse every
    // component with Babel a second time and report on compiler bail-outs, not on bugs.
    files: ['src/**/*.tsx', 'src/**/*.ts', 'test/**/*.tsx'],
    plugins: { 'react-hooks': reactHooks },
    rules: {
      'react-hooks/rules-of-hooks': 'error',
      'react-hooks/exhaustive-deps': 'warn',
    },
  },
  {
    // Data tables build rows from positional columns, as a table reads.
    files: ['src/sandbox/data/**'],
    rules: { 'max-params': 'off' },
  },
  {
    // CommonJS files: webpack configs, loaders, the bin stub and jest's config.
    files: ['**/*.js', '**/*.cjs'],
    languageOptions: { sourceType: 'commonjs', globals: { ...globals.node } },
    rules: { '@typescript-eslint/no-require-imports': 'off' },
  },
);
