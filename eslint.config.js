// @ts-check
import js from '@eslint/js';
import tseslint from 'typescript-eslint';
import reactHooks from 'eslint-plugin-react-hooks';
import path from 'node:path';

/** site/ reaches the server only through the shared contracts and the build's read model. */
const SITE_TO_FUNCTIONS = {
  regex: '(^|/)functions/(?!shared/|site-data/)',
  message:
    'site/ imports only functions/shared/ (the contracts) and functions/site-data/ (what the build reads).',
};

/**
 * The admin's views stay apart (docs/decisions/0451-admin-views-import-only-the-kernel.md): a
 * file in site/islands/admin/<view>/ imports its own view, the shared kernel
 * (site/islands/admin/common/), the admin's top-level modules (site/islands/admin/*.ts(x)), the
 * contracts (functions/shared/) and the public renderers a preview shows (site/islands/landing/,
 * site/islands/forms/); the kernel imports the same minus any view. Paths are resolved, so
 * the rule holds at any folder depth.
 */
const ADMIN = 'site/islands/admin/';
const VIEW_IMPORT_TARGETS = [
  'site/islands/admin/common/',
  'functions/shared/',
  'site/islands/landing/',
  'site/islands/forms/',
];
const ROOT = import.meta.dirname;
const adminViewImports = {
  meta: {
    type: 'problem',
    schema: [],
    messages: {
      otherView:
        '{{from}} imports {{target}}: an admin view imports only its own folder, site/islands/admin/common/, the admin’s top-level modules, functions/shared/ and the public renderers (site/islands/landing/, site/islands/forms/). Move what views share to site/islands/admin/common/.',
    },
  },
  /** @param {import('eslint').Rule.RuleContext} context */
  create(context) {
    const file = path.relative(ROOT, context.filename).split(path.sep).join('/');
    const inAdmin = file.slice(ADMIN.length).split('/');
    if (!file.startsWith(ADMIN) || inAdmin.length < 2) return {};
    const own = `${ADMIN}${inAdmin[0]}/`;
    /** @param {{ type: string, value?: unknown } | null | undefined} source */
    const check = (source) => {
      if (!source || source.type !== 'Literal' || typeof source.value !== 'string') return;
      const specifier = source.value;
      if (!specifier.startsWith('.')) return;
      const target = path.posix.join(path.posix.dirname(file), specifier);
      const topLevel = target.startsWith(ADMIN) && !target.slice(ADMIN.length).includes('/');
      if (topLevel || target.startsWith(own)) return;
      if (VIEW_IMPORT_TARGETS.some((allowed) => target.startsWith(allowed))) return;
      context.report({ node: source, messageId: 'otherView', data: { from: own, target } });
    };
    return {
      ImportDeclaration: (node) => check(node.source),
      ImportExpression: (node) => check(node.source),
      ExportNamedDeclaration: (node) => check(node.source),
      ExportAllDeclaration: (node) => check(node.source),
    };
  },
};

/**
 * The admin parses every answer with its route's declared schema
 * (docs/decisions/0526-admin-parses-answers.md): `request(schema, method, path, body?)`, never a
 * type argument that only claims the answer's shape, and a React Query read always with its
 * queryFn (a query helper of an API module spread in, or a queryFn calling one), since the
 * admin's client has no default fetcher to fall back on.
 */
const QUERY_HOOKS = new Set(['useQuery', 'useSuspenseQuery', 'useInfiniteQuery']);
const adminReadAnswers = {
  meta: {
    type: 'problem',
    schema: [],
    messages: {
      typedRequest:
        'request<...>() claims the answer’s type: pass the schema its route declares instead, request(schema, method, path, body?).',
      typedQuery:
        '{{hook}}<...>() claims the answer’s type: use a query helper of the view’s API module (its queryFn parses the answer), and the type follows.',
      noQueryFn:
        '{{hook}}() without a queryFn: the admin has no default fetcher. Spread a query helper of the view’s API module ({ ...pagesQuery, enabled }), or give a queryFn that calls one.',
    },
  },
  /** @param {import('eslint').Rule.RuleContext} context */
  create(context) {
    return {
      CallExpression(node) {
        if (node.callee.type !== 'Identifier') return;
        const name = node.callee.name;
        if (name === 'request' && node.typeArguments) {
          context.report({ node, messageId: 'typedRequest' });
        }
        if (!QUERY_HOOKS.has(name)) return;
        if (node.typeArguments)
          context.report({ node, messageId: 'typedQuery', data: { hook: name } });
        const [options] = node.arguments;
        if (options?.type !== 'ObjectExpression') return;
        const hasQueryFn = options.properties.some(
          (property) =>
            property.type === 'SpreadElement' ||
            (property.type === 'Property' &&
              !property.computed &&
              property.key.type === 'Identifier' &&
              property.key.name === 'queryFn'),
        );
        if (!hasQueryFn) context.report({ node, messageId: 'noQueryFn', data: { hook: name } });
      },
    };
  },
};

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
      // (docs/decisions/0090-zod-namespace-and-jitless.md).
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
  // Layering (docs/architecture.md): the site reaches the server only through the shared
  // contracts and the build's read model; shared code stays free of server code; data
  // access never depends on the HTTP layer. Tests may set up what they need.
  {
    files: ['site/**/*.{ts,tsx}'],
    ignores: ['site/**/*.test.ts'],
    rules: {
      'no-restricted-imports': [
        'error',
        {
          patterns: [SITE_TO_FUNCTIONS],
        },
      ],
    },
  },
  {
    // The landing page's code never carries the block editor's: a block type's folder holds its
    // renderer beside its picker thumbnail and its starter (docs/decisions/0380-block-type-folders.md),
    // and only the admin imports those. The site/ pattern is repeated (a rule's options replace).
    files: ['site/islands/landing/**/*.{ts,tsx}'],
    ignores: [
      'site/**/*.test.ts',
      'site/islands/landing/blocks/*/thumbnail.tsx',
      'site/islands/landing/blocks/*/starter.ts',
      'site/islands/landing/blocks/editor-parts.tsx',
    ],
    rules: {
      'no-restricted-imports': [
        'error',
        {
          patterns: [
            SITE_TO_FUNCTIONS,
            {
              regex: '(^|/)(admin/|thumbnail\\.tsx$|starter\\.ts$|editor-parts\\.tsx$)',
              message:
                'The landing page does not import the admin, nor a block type’s thumbnail or starter (the block editor’s alone).',
            },
          ],
        },
      ],
    },
  },
  ...[
    // functions/shared/*.ts, and one folder down (functions/shared/stats/): the same rule,
    // one more '../' deep.
    { files: ['functions/shared/*.ts'], up: '\\.\\./' },
    { files: ['functions/shared/*/*.ts'], up: '\\.\\./\\.\\./' },
  ].map(({ files, up }) => ({
    files,
    ignores: ['functions/shared/**/*.test.ts'],
    rules: {
      'no-restricted-imports': [
        'error',
        {
          patterns: [
            {
              regex: `^${up}(?!\\.\\./content/)`,
              message:
                'functions/shared/ is loaded by the browser too: it imports only itself and content/.',
            },
          ],
        },
      ],
    },
  })),
  {
    files: ['functions/storage/**/*.ts', 'functions/media/**/*.ts'],
    ignores: ['functions/**/*.test.ts'],
    rules: {
      'no-restricted-imports': [
        'error',
        {
          patterns: [
            {
              regex: '(^|/)(routes|server)/',
              message:
                'Data, storage and media code never depends on the HTTP layer or the local server.',
            },
          ],
        },
      ],
    },
  },
  {
    // The data layer stands on functions/core/ and functions/shared/ only
    // (docs/decisions/0495-functions-core.md), its tests included: never on functions/lib/
    // (the HTTP plumbing), the routers or the local server, at any folder depth.
    files: ['functions/data/**/*.ts'],
    rules: {
      'no-restricted-imports': [
        'error',
        {
          patterns: [
            {
              regex: '^(\\.\\./)+(lib|routes|server)/',
              message:
                'functions/data/ never imports functions/lib/, routes/ or server/: move what it needs to functions/core/ or functions/shared/.',
            },
          ],
        },
      ],
    },
  },
  ...[
    // functions/core/ is the ground floor (docs/decisions/0495-functions-core.md): it imports
    // only itself and functions/shared/, and no HTTP library. Tests included; two depths.
    { files: ['functions/core/*.ts'], up: '\\.\\./' },
    { files: ['functions/core/*/*.ts'], up: '\\.\\./\\.\\./' },
  ].map(({ files, up }) => ({
    files,
    rules: {
      'no-restricted-imports': [
        'error',
        {
          patterns: [
            {
              regex: `^${up}(?!shared/)`,
              message:
                'functions/core/ is the ground floor: it imports only itself and functions/shared/.',
            },
            {
              regex: '^(hono(/|$)|@hono/)',
              message: 'functions/core/ is the ground floor: it knows no HTTP (no hono).',
            },
          ],
        },
      ],
    },
  })),
  ...[
    // A router never imports another router: what two routers share lives in
    // functions/routes/support/ (docs/decisions/0470-route-support.md). The files that mount
    // routers (public-routes.ts, route-table.ts) are the exception. Routers sit at two depths.
    { files: ['functions/routes/*.ts'], sibling: '\\./(?!support/)', up: '\\.\\./routes/' },
    {
      files: ['functions/routes/*/*.ts'],
      sibling: '\\.\\./(?!support/)[^/]+\\.ts$|^\\./',
      up: '\\.\\./(account|admin)/',
    },
  ].map(({ files, sibling, up }) => ({
    files,
    ignores: [
      'functions/routes/**/*.test.ts',
      'functions/routes/support/**',
      'functions/routes/public-routes.ts',
      'functions/routes/route-table.ts',
    ],
    rules: {
      'no-restricted-imports': [
        'error',
        {
          patterns: [
            {
              regex: `^(${sibling})|^${up}`,
              message:
                'A router does not import another router: move what they share to functions/routes/support/.',
            },
          ],
        },
      ],
    },
  })),
  {
    files: ['site/islands/admin/*/**/*.{ts,tsx}'],
    plugins: { admin: { rules: { 'view-imports': adminViewImports } } },
    rules: { 'admin/view-imports': 'error' },
  },
  {
    files: ['site/islands/admin/**/*.{ts,tsx}'],
    ignores: ['site/islands/admin/**/*.test.ts'],
    plugins: { 'admin-api': { rules: { 'read-answers': adminReadAnswers } } },
    rules: { 'admin-api/read-answers': 'error' },
  },
  {
    // No production file over 450 lines (issue 34, docs/decisions/0579-file-size-limit.md): a
    // file that grows past it is split by sub-resource or concern. Tests, their helpers and the
    // build and bench scripts are outside the limit; scripts/file-size.lint.test.ts checks the
    // rule fires, and the .astro files ESLint does not read.
    files: ['functions/**/*.{ts,tsx}', 'site/**/*.{ts,tsx}', 'infra/**/*.{ts,js}'],
    ignores: ['**/*.test.ts', '**/*.test.tsx', 'functions/test/**'],
    rules: { 'max-lines': ['error', { max: 450, skipBlankLines: false, skipComments: false }] },
  },
  {
    // The browser tests take screenshots only when the run asks for them (E2E_SCREENSHOTS=1):
    // through e2e/screenshots.ts, never `.screenshot()` directly
    // (docs/decisions/0584-screenshots-on-request.md).
    files: ['e2e/**/*.ts'],
    ignores: ['e2e/screenshots.ts'],
    rules: {
      'no-restricted-syntax': [
        'error',
        {
          selector: "CallExpression[callee.property.name='screenshot']",
          message:
            'Take screenshots with reviewShot (e2e/screenshots.ts): only when E2E_SCREENSHOTS=1.',
        },
        {
          // Pictures go under /tmp: a folder under /work is one machine's checkout, and a
          // clean clone in CI would write beside it.
          selector: 'Literal[value=/^\\/work\\//]',
          message: 'Write pictures and files under /tmp (e2e/screenshots.ts), not into /work.',
        },
      ],
    },
  },
  {
    // The specs run axe through e2e/page-checks.ts, which waits for CSS transitions to end
    // first: a CI run read a just-enabled button half-way through its fade (color-contrast).
    files: ['e2e/**/*.ts'],
    ignores: ['e2e/page-checks.ts'],
    rules: {
      'no-restricted-imports': [
        'error',
        {
          paths: [
            {
              name: '@axe-core/playwright',
              message:
                'Run axe with expectNoAxeViolations or axeViolations (e2e/page-checks.ts): they wait for transitions to end.',
            },
          ],
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
