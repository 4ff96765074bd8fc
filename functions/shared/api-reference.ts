// Where the admin's API reference (site/islands/admin/api/, docs/decisions/0566-openapi-description.md)
// loads Scalar from: its own prebuilt browser module (@scalar/api-reference's
// dist/browser/standalone.esm.js and its chunks), copied into the built site as it ships
// (functions/server/api-reference-assets.ts), not bundled by Vite. Bundling its 1.7 MB of Vue
// and editor code made every build of the site slower (24 s against 11 s). The version
// is in the path, so a browser never mixes two releases' chunks; a test holds it to the
// installed package.
export const SCALAR_VERSION = '1.76.4';
export const SCALAR_DIR = `_astro/scalar-${SCALAR_VERSION}`;
export const SCALAR_MODULE_URL = `/${SCALAR_DIR}/standalone.esm.js`;
