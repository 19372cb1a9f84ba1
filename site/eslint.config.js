// ESLint for the page's JavaScript (site/src), its unit tests (site/test) and the bundler script (build.mjs).
// ./build.sh test runs it with --max-warnings 0: every rule here is an error in effect.
//   cd site && npx eslint .
import js from '@eslint/js';
import globals from 'globals';

export default [
  {
    // Only our sources: the bundle's dependencies and anything generated stay out.
    ignores: ['node_modules/**', 'dist/**', 'worker/**', 'devserver/**', 'share/**', 'e2e/**'],
  },
  {
    linterOptions: { reportUnusedDisableDirectives: 'error' },
  },
  js.configs.recommended,
  {
    languageOptions: {
      ecmaVersion: 2022,
      sourceType: 'module',
    },
    rules: {
      // A name bound and never read is a mistake or a leftover; an argument or caught error named _… is
      // deliberately ignored (a callback's signature, `catch (_) { /* not ready */ }`).
      // A rest sibling (`const { pods: _pods, ...rest } = n`) is how an object is copied without a key.
      'no-unused-vars': ['error', {
        args: 'after-used', argsIgnorePattern: '^_', caughtErrors: 'all', caughtErrorsIgnorePattern: '^_', ignoreRestSiblings: true,
      }],
      // The page talks to people through the DOM; console is for failures that have no other place
      // (each such line says so with an eslint-disable-line comment).
      'no-console': 'error',
      eqeqeq: ['error', 'smart'],
      'no-var': 'error',
      'prefer-const': ['error', { destructuring: 'all' }],
      'no-implicit-globals': 'error',
      'no-shadow-restricted-names': 'error',
      'no-use-before-define': ['error', { functions: false, classes: false, variables: false }],
      'no-self-compare': 'error',
      'no-template-curly-in-string': 'error',
      'no-unmodified-loop-condition': 'error',
      'no-unreachable-loop': 'error',
      'no-constructor-return': 'error',
      'no-new-wrappers': 'error',
      'no-throw-literal': 'error',
      'no-return-assign': ['error', 'except-parens'],
      'no-useless-concat': 'error',
      'no-useless-return': 'error',
      'no-lonely-if': 'error',
      'prefer-promise-reject-errors': 'error',
      radix: 'error',
    },
  },
  {
    // The page and its modules run in the browser.
    files: ['src/**/*.js'],
    languageOptions: { globals: { ...globals.browser } },
  },
  {
    // The core's Web Worker (bundled as a classic script: importScripts, then wasm_exec.js's Go).
    files: ['src/coreworker.js'],
    languageOptions: { globals: { ...globals.worker, KUBEPLAY_EXAMPLES: 'readonly' } },
  },
  {
    files: ['build.mjs', 'eslint.config.js', 'test/**/*.mjs'],
    languageOptions: { globals: { ...globals.node } },
    rules: { 'no-console': 'off' },
  },
];
