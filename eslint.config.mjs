import { builtinModules } from 'node:module';
import js from '@eslint/js';
import tseslint from 'typescript-eslint';

/** Every Node built-in, bare and with the `node:` scheme: the browser bundle and the protocol it shares have none. */
const nodeBuiltins = [...new Set(builtinModules.filter((m) => !m.startsWith('_')).flatMap((m) => [m, `node:${m}`]))];

export default tseslint.config(
  { ignores: ['dist/**', 'dist-test/**', 'node_modules/**', '.cache/**', 'out/**', '.vscode-test/**'] },
  js.configs.recommended,
  ...tseslint.configs.recommended,
  {
    languageOptions: { globals: { console: 'readonly', process: 'readonly', setTimeout: 'readonly', clearTimeout: 'readonly', URL: 'readonly', Buffer: 'readonly' } },
    rules: {
      '@typescript-eslint/no-unused-vars': ['error', { argsIgnorePattern: '^_', varsIgnorePattern: '^_' }],
      'no-restricted-properties': ['error', { property: 'innerHTML', message: 'Render data as text (textContent), never as markup.' }],
    },
  },
  {
    // Type-aware promise rules: a promise nobody awaits or catches loses its error (an unhandled rejection can take
    // the extension host down), and an async callback where a void one is expected runs unobserved.
    files: ['**/*.ts'],
    ignores: ['**/*.d.ts'],
    languageOptions: { parserOptions: { projectService: true, tsconfigRootDir: import.meta.dirname } },
    rules: {
      '@typescript-eslint/no-floating-promises': 'error',
      '@typescript-eslint/no-misused-promises': 'error',
      '@typescript-eslint/await-thenable': 'error',
    },
  },
  {
    files: ['src/core/**', 'src/cli/**', 'src/debug/**'],
    rules: { 'no-restricted-imports': ['error', { paths: [{ name: 'vscode', message: 'Only src/extension may import vscode.' }] }] },
  },
  {
    files: ['src/shared/**', 'src/webview/**'],
    rules: {
      'no-restricted-imports': ['error', {
        paths: [
          { name: 'vscode', message: 'Only src/extension may import vscode.' },
          ...nodeBuiltins.map((name) => ({ name, message: 'src/webview runs in a browser and src/shared is imported by it: no Node built-ins.' })),
        ],
      }],
    },
  },
  {
    files: ['**/*.mjs', '**/*.cjs', '**/*.js'],
    languageOptions: { globals: { console: 'readonly', process: 'readonly', setTimeout: 'readonly', clearTimeout: 'readonly', URL: 'readonly', Buffer: 'readonly', __dirname: 'readonly', require: 'readonly', module: 'writable' } },
    rules: { '@typescript-eslint/no-require-imports': 'off' },
  },
);
