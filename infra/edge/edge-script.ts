// Runs a CloudFront Function's source as CloudFront does: one script whose top-level
// functions the runtime calls by name. Its imports become parameters: `import cf from
// 'cloudfront'` (the KeyValueStore helpers of cloudfront-js-2.0) takes the store given, and
// `import crypto from 'crypto'` (the runtime's hash and HMAC module) takes Node's
// createHash and createHmac, whose API it shares. So the tests (edge-functions.test.ts) and
// the local server (functions/server/static-site/edge-rules.ts) run the very file CloudFront runs.
import { createHash, createHmac } from 'node:crypto';
import { readFileSync } from 'node:fs';

/** The part of CloudFront's `cloudfront` module the functions use: the KeyValueStore. */
export interface CloudFrontModule {
  kvs(): { get(key: string): Promise<string> };
}

const CLOUDFRONT_IMPORT = /^import cf from 'cloudfront';$/m;
const CRYPTO_IMPORT = /^import crypto from 'crypto';$/m;

/**
 * What CloudFront's `crypto` module offers (hashes and HMACs only), from Node: a script that
 * used more of Node's module would pass here and fail in CloudFront.
 */
const EDGE_CRYPTO = { createHash, createHmac };

/** A store that has no keys, as `get` on a missing key throws in CloudFront. */
export const EMPTY_STORE: CloudFrontModule = {
  kvs: () => ({
    get: async (key) => {
      throw new Error(`Key ${key} not found`);
    },
  }),
};

/**
 * The named top-level functions of infra/edge/<file>, run with `cf` and Node's hashes for
 * its imports. The source is this repository's own file, read once (at start-up for the
 * local server).
 */
export function loadEdgeScript<T>(
  file: string,
  names: readonly string[],
  cf: CloudFrontModule = EMPTY_STORE,
): T {
  const source = readFileSync(new URL(`./${file}`, import.meta.url), 'utf8');
  const script = source.replace(CLOUDFRONT_IMPORT, '').replace(CRYPTO_IMPORT, '');
  const body = `${script}\nreturn { ${names.join(', ')} };`;
  // A function, not eval: the script sees only its own names, `cf` and `crypto`.
  return new Function('cf', 'crypto', body)(cf, EDGE_CRYPTO) as T;
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
