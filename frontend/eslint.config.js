import js from '@eslint/js';
import { defineConfig, globalIgnores } from 'eslint/config';
import reactHooks from 'eslint-plugin-react-hooks';
import reactRefresh from 'eslint-plugin-react-refresh';
import globals from 'globals';
import tseslint from 'typescript-eslint';

// Features never import each other (CONVENTIONS 10): composition happens in src/app/routes.
const FEATURES = ['app-config', 'auth', 'docs', 'files', 'images', 'landing', 'license', 'materials', 'projects', 'shell', 'tags', 'templates', 'users'];
const featureBoundaries = FEATURES.map((feature) => ({
  files: [`src/features/${feature}/**/*.{ts,tsx}`],
  rules: {
    'no-restricted-imports': [
      'error',
      {
        patterns: FEATURES.filter((other) => other !== feature).map((other) => ({
          group: [`@/features/${other}`, `@/features/${other}/**`, `**/features/${other}/**`],
          message: 'Features never import each other; compose them in src/app/routes.',
        })),
      },
    ],
  },
}));

export default defineConfig([
  globalIgnores(['dist', 'playwright-report', 'test-results', 'src/api/schema.d.ts']),
  {
    files: ['**/*.{ts,tsx}'],
    extends: [
      js.configs.recommended,
      tseslint.configs.recommended,
      reactHooks.configs.flat['recommended-latest'],
      reactRefresh.configs.vite,
    ],
    languageOptions: {
      ecmaVersion: 2022,
      globals: globals.browser,
    },
    rules: {
      '@typescript-eslint/no-unused-vars': ['error', { argsIgnorePattern: '^_', varsIgnorePattern: '^_' }],
    },
  },
  {
    files: ['**/*.{js,mjs}', 'e2e/**/*.ts', '*.config.ts'],
    languageOptions: { globals: { ...globals.node } },
  },
  {
    files: ['scripts/**/*.mjs'],
    extends: [js.configs.recommended],
    languageOptions: { globals: { ...globals.node, ...globals.vitest } },
  },
  {
    // Test helpers and provider modules export hooks next to components on purpose.
    files: ['src/**/*.test.{ts,tsx}', 'src/testing/**', 'e2e/**'],
    rules: { 'react-refresh/only-export-components': 'off' },
  },
  {
    // CONVENTIONS 12: every visible string goes through i18next, so none may be written in JSX.
    files: ['src/**/*.tsx'],
    ignores: ['src/**/*.test.tsx', 'src/testing/**'],
    rules: {
      'no-restricted-syntax': [
        'error',
        {
          selector: 'JSXText[value=/[A-Za-z\\u4e00-\\u9fff]/]',
          message: 'Visible text must come from i18next (t()), not a JSX literal.',
        },
        {
          selector:
            'JSXAttribute[name.name=/^(label|placeholder|title|alt|helperText|aria-label)$/] > Literal[value=/[A-Za-z\\u4e00-\\u9fff]/]',
          message: 'Visible text must come from i18next (t()), not a string literal.',
        },
      ],
    },
  },
  ...featureBoundaries,
]);
