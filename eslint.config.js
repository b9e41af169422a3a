// Flat config: fast, not type-aware. Node globals everywhere; browser globals for the web app.
import js from '@eslint/js';
import { defineConfig, globalIgnores } from 'eslint/config';
import reactHooks from 'eslint-plugin-react-hooks';
import globals from 'globals';
import tseslint from 'typescript-eslint';

export default defineConfig(
  globalIgnores([
    '**/node_modules/',
    '**/dist/',
    'data/',
    '**/data/',
    '.test-data/',
    'test-results/',
    'coverage/',
    'screenshots/',
  ]),
  js.configs.recommended,
  tseslint.configs.recommended,
  {
    languageOptions: { ecmaVersion: 2023, sourceType: 'module', globals: { ...globals.node } },
    rules: {
      '@typescript-eslint/no-unused-vars': [
        'error',
        { argsIgnorePattern: '^_', varsIgnorePattern: '^_', caughtErrorsIgnorePattern: '^_' },
      ],
    },
  },
  {
    files: ['packages/web/**/*.{ts,tsx,js,jsx}'],
    ignores: ['packages/web/vite.config.*'],
    extends: [reactHooks.configs.flat.recommended],
    languageOptions: { globals: { ...globals.browser } },
  },
  {
    // page.evaluate callbacks run in the browser.
    files: ['e2e/**/*.ts', 'scripts/screenshot.ts'],
    languageOptions: { globals: { ...globals.node, ...globals.browser } },
  },
);
