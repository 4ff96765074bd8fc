// The one esbuild definition of every Lambda function: infra/constructs/node-function.ts
// hands it to the CDK's NodejsFunction (a function built in chunks, to esbuild itself at
// synth), and scripts/bench/lambda.ts (the bench, the bundle and stack-trace tests) builds
// with it directly, so what is measured and tested is what ships. Plain data: no CDK import, so tests and benches load it cheaply.
import type { BuildOptions } from 'esbuild';

export const LAMBDA_ESBUILD = {
  format: 'esm',
  target: 'node24',
  mainFields: ['module', 'main'],
  // Some CommonJS dependencies call require() at run time; give them one inside ESM.
  banner: "import { createRequire } from 'module'; const require = createRequire(import.meta.url);",
  minify: true,
  // A separate map, without the sources: functions/lib/stack-trace.ts maps a logged
  // error's stack with it (no --enable-source-maps, which costs every cold start).
  sourceMap: true,
  sourcesContent: false,
} as const;

/**
 * Modules left out of the bundle. The AWS SDK is bundled (NodejsFunction's default leaves
 * @aws-sdk/* to the runtime's copy), so production runs the exact versions locked in
 * package-lock.json and tested locally; only sharp (native) stays out, installed beside the
 * admin function's bundle for linux-arm64.
 */
export const LAMBDA_EXTERNALS = ['sharp'];

/**
 * LAMBDA_ESBUILD as esbuild's own options, for building a function into `outdir` as
 * `index.mjs` (the handler module Lambda loads) and its map. With `split`, every
 * `import()` of the sources and the libraries becomes a chunk of its own under
 * `outdir/chunks/` (esbuild's code splitting), read only when that import first runs: the
 * public function defers its rarely used routes that way
 * (docs/decisions/0545-public-function-cold-start.md). Without it the function is one file,
 * an `import()`ed module's code inside it (evaluated on first use, but read and parsed at
 * every cold start).
 */
export const lambdaBuildOptions = (
  outdir: string,
  options: { split?: boolean } = {},
): BuildOptions => ({
  bundle: true,
  platform: 'node',
  format: LAMBDA_ESBUILD.format,
  target: LAMBDA_ESBUILD.target,
  mainFields: [...LAMBDA_ESBUILD.mainFields],
  banner: { js: LAMBDA_ESBUILD.banner },
  minify: LAMBDA_ESBUILD.minify,
  sourcemap: LAMBDA_ESBUILD.sourceMap,
  sourcesContent: LAMBDA_ESBUILD.sourcesContent,
  external: LAMBDA_EXTERNALS,
  outdir,
  entryNames: 'index',
  chunkNames: 'chunks/[name]-[hash]',
  outExtension: { '.js': '.mjs' },
  splitting: options.split ?? false,
  metafile: true,
  logLevel: 'error',
});
