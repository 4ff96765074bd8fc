// The local server runs its TypeScript as Node strips the types, which does not cover JSX:
// the checks before publishing (functions/checks/markup.ts) render the landing page's React
// components (site/islands/landing/*.tsx) on the server. These in-thread module hooks
// (node:module registerHooks) compile each .tsx file with esbuild, as the Lambda bundle and
// the site build do, the first time it is imported. Registered first thing by start.ts.
import { readFileSync } from 'node:fs';
import { registerHooks } from 'node:module';
import { fileURLToPath } from 'node:url';
import { transformSync } from 'esbuild';

registerHooks({
  load(url, context, nextLoad) {
    if (!url.startsWith('file:') || !url.endsWith('.tsx')) return nextLoad(url, context);
    const path = fileURLToPath(url);
    const { code } = transformSync(readFileSync(path, 'utf8'), {
      loader: 'tsx',
      jsx: 'automatic',
      format: 'esm',
      sourcefile: path,
      sourcemap: 'inline',
    });
    return { format: 'module', source: code, shortCircuit: true };
  },
});
