// @ts-check
import js from '@eslint/js';
import tseslint from 'typescript-eslint';
import reactHooks from 'eslint-plugin-react-hooks';

export default tseslint.config(
  {
    ignores: [
      'node_modules',
      'dist',
      'dist.*',
      'cdk.out',
      '.data',
      '.astro',
      'test-results',
      'playwright-report',
      '.bench',
      '**/*.astro',
    ],
  },
  js.configs.recommended,
  ...tseslint.configs.strict,
  {
    files: ['**/*.{ts,tsx}'],
    plugins: { 'react-hooks': reactHooks },
    rules: {
      ...reactHooks.configs.recommended.rules,
      '@typescript-eslint/consistent-type-imports': 'error',
      '@typescript-eslint/no-unused-vars': ['error', { argsIgnorePattern: '^_' }],
      // Non-null assertions are used only right after a check the compiler cannot follow.
      '@typescript-eslint/no-non-null-assertion': 'off',
      // `import { z }` hands esbuild (the Lambda bundles) zod's whole namespace object, so it
      // keeps all of zod: its 64 locales, JSON Schema reader and the rest, 360 KB of the
      // public function's 900 KB. `import * as z` lets it drop what no schema uses
      // (docs/decisions.md "Zod imports").
      'no-restricted-syntax': [
        'error',
        {
          selector:
            "ImportDeclaration[source.value='zod'] > :matches(ImportSpecifier[imported.name='z'], ImportDefaultSpecifier)",
          message: "Write `import * as z from 'zod'`: a bundle then keeps only the zod it uses.",
        },
      ],
    },
  },
  {
    // Configuration is parsed once (functions/env.ts, infra/config.ts); tests and scripts pass env to children.
    files: ['site/**', 'functions/**'],
    ignores: [
      'functions/env.ts',
      'functions/server/**',
      'functions/**/*.test.ts',
      'functions/test/**',
    ],
    rules: {
      'no-restricted-properties': [
        'error',
        {
          object: 'process',
          property: 'env',
          message: 'Read configuration through functions/env.ts',
        },
      ],
    },
  },
  {
    // CloudFront Functions: the runtime calls the top-level `handler` by name.
    files: ['infra/edge/*.js'],
    rules: { '@typescript-eslint/no-unused-vars': ['error', { varsIgnorePattern: '^handler$' }] },
  },
);
