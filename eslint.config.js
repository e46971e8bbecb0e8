// The linter that `pnpm check` runs. Each rule is here because a mistake it catches has cost, or could cost, an
// operator something they would not see: a failure that vanishes without a log line, or a promise nobody awaits.
import js from '@eslint/js';
import tseslint from 'typescript-eslint';

/** An empty arrow handed to `.catch` or to an 'error' listener: the failure vanishes without a word. */
const EMPTY_ERROR_HANDLERS = [
  {
    selector:
      "CallExpression[callee.property.name='catch'] > ArrowFunctionExpression.arguments[body.type='BlockStatement'][body.body.length=0]",
    message: 'An empty error handler swallows the failure: log it, or name a function that says why it is safe.',
  },
  {
    selector:
      "CallExpression[callee.property.name=/^(on|once)$/][arguments.0.value='error'] > ArrowFunctionExpression[body.type='BlockStatement'][body.body.length=0]",
    message: "An empty 'error' listener swallows the failure: log it, or name a function that says why it is safe.",
  },
];

export default tseslint.config(
  {
    ignores: [
      '**/dist/**',
      '**/node_modules/**',
      'packages/client/src/schema.ts',
      'packages/adapters-http/src/docs-site/guides.generated.ts',
      '**/.build/**',
      'data/**',
    ],
  },
  {
    files: ['**/*.ts'],
    extends: [js.configs.recommended, ...tseslint.configs.recommended],
    languageOptions: {
      parserOptions: { projectService: true, tsconfigRootDir: import.meta.dirname },
    },
    rules: {
      // A promise that is neither awaited nor handed on loses its rejection: the error reaches no log (docs/architecture.md).
      '@typescript-eslint/no-floating-promises': 'error',
      // A promise where a callback is expected (an Express handler, an event listener) drops its rejection the same way.
      '@typescript-eslint/no-misused-promises': ['error', { checksVoidReturn: { arguments: false, attributes: false } }],
      // An empty block, an empty catch above all, is a failure swallowed without a word.
      'no-empty': ['error', { allowEmptyCatch: false }],
      // `.catch(() => {})`, `on('error', () => {})`: an empty handler is an empty catch in disguise. A handler that
      // ignores on purpose says why in a comment inside it, which this rule accepts.
      '@typescript-eslint/no-empty-function': 'error',
      'no-restricted-syntax': ['error', ...EMPTY_ERROR_HANDLERS],
      // Unused names are usually a forgotten step; a leading underscore marks the ones kept on purpose.
      '@typescript-eslint/no-unused-vars': ['error', { argsIgnorePattern: '^_', varsIgnorePattern: '^_', caughtErrors: 'none' }],
      // Tests and adapters meet untyped JSON; `any` there is a conscious choice, reviewed, not a lint error.
      '@typescript-eslint/no-explicit-any': 'off',
      // The non-null assertion documents an invariant the compiler cannot see (noUncheckedIndexedAccess is on).
      '@typescript-eslint/no-non-null-assertion': 'off',
    },
  },
  {
    // A reader should never have to scroll sideways, and Prettier (printWidth 140) cannot wrap strings or comments.
    // The generated packages/client/src/schema.ts and the guides module the adapters-http build renders from docs/ are not
    // linted at all (see `ignores`).
    files: ['**/*.ts', 'packages/**/*.{js,mjs}'],
    rules: { 'max-len': ['error', { code: 140, ignoreUrls: true, ignoreRegExpLiterals: true }] },
  },
  {
    // Tests and their support code use empty functions as honest no-ops (a silent logger, a close with nothing to
    // close); only empty error handlers stay forbidden there.
    files: ['**/test/**/*.ts', '**/*.test.ts'],
    rules: { '@typescript-eslint/no-empty-function': 'off' },
  },
);
