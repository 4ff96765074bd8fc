// Runs a CloudFront Function's source as CloudFront does: one script whose top-level
// functions the runtime calls by name. Its one import, `import cf from 'cloudfront'` (the
// KeyValueStore helpers of cloudfront-js-2.0), becomes a parameter, so the tests
// (edge-functions.test.ts) and the local server (functions/server/static-site.ts) run the
// very file CloudFront runs, with the store injected.
import { readFileSync } from 'node:fs';

/** The part of CloudFront's `cloudfront` module the functions use: the KeyValueStore. */
export interface CloudFrontModule {
  kvs(): { get(key: string): Promise<string> };
}

const CLOUDFRONT_IMPORT = /^import cf from 'cloudfront';$/m;

/** A store that has no keys, as `get` on a missing key throws in CloudFront. */
export const EMPTY_STORE: CloudFrontModule = {
  kvs: () => ({
    get: async (key) => {
      throw new Error(`Key ${key} not found`);
    },
  }),
};

/**
 * The named top-level functions of infra/edge/<file>, run with `cf` for its import. The
 * source is this repository's own file, read once (at start-up for the local server).
 */
export function loadEdgeScript<T>(
  file: string,
  names: readonly string[],
  cf: CloudFrontModule = EMPTY_STORE,
): T {
  const source = readFileSync(new URL(`./${file}`, import.meta.url), 'utf8');
  const body = `${source.replace(CLOUDFRONT_IMPORT, '')}\nreturn { ${names.join(', ')} };`;
  // A function, not eval: the script sees only its own names and `cf`.
  return new Function('cf', body)(cf) as T;
}

/** A KeyValueStore as CloudFront's helpers read it, over a plain map (tests, local server). */
export function storeOf(entries: ReadonlyMap<string, string>): CloudFrontModule {
  return {
    kvs: () => ({
      get: async (key) => {
        const value = entries.get(key);
        if (value === undefined) throw new Error(`Key ${key} not found`);
        return value;
      },
    }),
  };
}
