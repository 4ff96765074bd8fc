// An Astro integration (astro.config.mjs): after each build, Scalar's prebuilt browser module
// and its chunks (no source maps) are copied into the site at functions/shared/api-reference.ts's
// path, for the admin's API reference. A copy, not a bundle: Vite never reads them. Their
// precompressed forms (.br, .gz, as site-build.ts's precompress makes them) are made once per
// release into node_modules/.cache and copied with them, so a rebuild does not spend seconds
// of the server's time compressing 5 MB that never change (precompress skips a file that
// already has its .br).
import {
  copyFileSync,
  existsSync,
  mkdirSync,
  readdirSync,
  readFileSync,
  writeFileSync,
} from 'node:fs';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { brotliCompressSync, constants, gzipSync } from 'node:zlib';
import type { AstroIntegration } from 'astro';
import { SCALAR_DIR, SCALAR_VERSION } from '../shared/api-reference.ts';

/** The package's dist/browser folder (its exports name no file of it). */
const scalarBrowserDir = (): string =>
  fileURLToPath(new URL('../../node_modules/@scalar/api-reference/dist/browser/', import.meta.url));

/** The module and its chunks, with their .br and .gz, made once per release. */
function compressedCopy(): string {
  const cache = fileURLToPath(
    new URL(`../../node_modules/.cache/pharmabridge-scalar-${SCALAR_VERSION}/`, import.meta.url),
  );
  if (existsSync(join(cache, 'complete'))) return cache;
  const from = scalarBrowserDir();
  mkdirSync(join(cache, 'chunks'), { recursive: true });
  const files = [
    'standalone.esm.js',
    ...readdirSync(join(from, 'chunks'))
      .filter((file) => file.endsWith('.js'))
      .map((file) => join('chunks', file)),
  ];
  for (const file of files) {
    const body = readFileSync(join(from, file));
    writeFileSync(join(cache, file), body);
    writeFileSync(
      join(cache, `${file}.br`),
      brotliCompressSync(body, { params: { [constants.BROTLI_PARAM_QUALITY]: 11 } }),
    );
    writeFileSync(join(cache, `${file}.gz`), gzipSync(body, { level: 9 }));
  }
  writeFileSync(join(cache, 'complete'), '');
  return cache;
}

/** Copies the module and its chunks, compressed forms included, into `site`. */
function copyScalar(site: string): void {
  const from = compressedCopy();
  const to = join(site, SCALAR_DIR);
  mkdirSync(join(to, 'chunks'), { recursive: true });
  for (const file of readdirSync(from)) {
    if (file !== 'chunks' && file !== 'complete') copyFileSync(join(from, file), join(to, file));
  }
  for (const file of readdirSync(join(from, 'chunks'))) {
    copyFileSync(join(from, 'chunks', file), join(to, 'chunks', file));
  }
}

export function apiReferenceAssets(): AstroIntegration {
  return {
    name: 'pharmabridge-api-reference-assets',
    hooks: { 'astro:build:done': ({ dir }) => copyScalar(fileURLToPath(dir)) },
  };
}
