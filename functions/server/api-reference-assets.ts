// An Astro integration (astro.config.mjs): after each build, Scalar's prebuilt browser module
// and its chunks (no source maps) are copied into the site at functions/shared/api-reference.ts's
// path, for the admin's API reference. A copy, not a bundle: Vite never reads them.
import { copyFileSync, mkdirSync, readdirSync } from 'node:fs';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import type { AstroIntegration } from 'astro';
import { SCALAR_DIR } from '../shared/api-reference.ts';

/** The package's dist/browser folder (its exports name no file of it). */
const scalarBrowserDir = (): string =>
  fileURLToPath(new URL('../../node_modules/@scalar/api-reference/dist/browser/', import.meta.url));

/** Copies the module and its chunks into `site` (the built site's folder). */
function copyScalar(site: string): void {
  const from = scalarBrowserDir();
  const to = join(site, SCALAR_DIR);
  mkdirSync(join(to, 'chunks'), { recursive: true });
  copyFileSync(join(from, 'standalone.esm.js'), join(to, 'standalone.esm.js'));
  for (const file of readdirSync(join(from, 'chunks'))) {
    if (file.endsWith('.js')) copyFileSync(join(from, 'chunks', file), join(to, 'chunks', file));
  }
}

export function apiReferenceAssets(): AstroIntegration {
  return {
    name: 'pharmabridge-api-reference-assets',
    hooks: { 'astro:build:done': ({ dir }) => copyScalar(fileURLToPath(dir)) },
  };
}
