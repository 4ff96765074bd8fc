// @ts-check
import { defineConfig } from 'astro/config';
import react from '@astrojs/react';
import tailwindcss from '@tailwindcss/vite';
import { fileURLToPath, URL } from 'node:url';
import { loadConfig } from './functions/env.ts';
import { buildInputs } from './functions/server/build-inputs.ts';
import { apiReferenceAssets } from './functions/server/api-reference-assets.ts';

const { siteUrl } = loadConfig();

export default defineConfig({
  site: siteUrl,
  srcDir: './site',
  publicDir: './site/public',
  outDir: './dist',
  output: 'static',
  trailingSlash: 'never',
  build: { format: 'directory', inlineStylesheets: 'auto' },
  compressHTML: true,
  // buildInputs records every file the build loads, for the local rebuild check.
  // apiReferenceAssets copies Scalar's prebuilt module for the admin's API reference.
  integrations: [react(), buildInputs(), apiReferenceAssets()],
  vite: {
    plugins: [tailwindcss()],
    // Never inline a script into the HTML: the Content-Security-Policy allows only listed
    // inline scripts (functions/shared/csp-hashes.json). Other small assets keep Vite's default.
    build: { assetsInlineLimit: (file) => (/\.[cm]?js$/.test(file) ? false : undefined) },
    resolve: {
      // Browser bundles get zod in jitless mode, which needs no eval (site/lib/zod-jitless.ts).
      alias: [
        {
          find: /^zod$/,
          replacement: fileURLToPath(new URL('./site/lib/zod-jitless.ts', import.meta.url)),
        },
      ],
    },
  },
});
