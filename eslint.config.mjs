// @ts-check
import { defineConfig } from 'eslint/config';
import tseslint from 'typescript-eslint';
import astro from 'eslint-plugin-astro';

export default defineConfig(
  { ignores: ['dist/', 'dist.next/', 'dist.previous/', '.e2e/', '.astro/', 'node_modules/', '.local-data/', 'test-results/', 'playwright-report/', '.test-reports/', 'bench-results/'] },
  ...tseslint.configs.recommended,
  ...astro.configs.recommended,
  {
    rules: {
      // Unused arguments named with a leading underscore document an intentionally ignored parameter.
      '@typescript-eslint/no-unused-vars': ['error', { argsIgnorePattern: '^_', varsIgnorePattern: '^_' }],
    },
  },
);
