// The API reference loads the Scalar release that is installed (functions/shared/api-reference.ts):
// the path's version is the package's, and the module the copy takes from it exists.
import { existsSync, readFileSync } from 'node:fs';
import { describe, expect, it } from 'vitest';
import { SCALAR_MODULE_URL, SCALAR_VERSION } from './api-reference.ts';

const packageDir = new URL('../../node_modules/@scalar/api-reference/', import.meta.url);

describe('the API reference’s Scalar', () => {
  it('is the installed release, and its browser module is there to copy', () => {
    const installed = JSON.parse(readFileSync(new URL('package.json', packageDir), 'utf8')) as {
      version: string;
    };
    expect(SCALAR_VERSION).toBe(installed.version);
    expect(existsSync(new URL('dist/browser/standalone.esm.js', packageDir))).toBe(true);
    expect(SCALAR_MODULE_URL).toBe(`/_astro/scalar-${installed.version}/standalone.esm.js`);
  });
});
