// The compressed forms of built files, kept by their bytes' SHA-256 across builds of this
// checkout (node_modules/.cache/pharmabridge-precompress/<hash>.br and .gz), so a first build
// into a fresh folder takes the forms an earlier build of the same bytes made instead of
// compressing again: a fresh `npm start` data folder, a test's own build, CodeBuild's cache.
// Each form is written to a temporary name and renamed, so a reader sees a whole file or
// none; a hit is decoded and compared with the file before it is used, so a damaged entry is
// compressed anew, never served. Least recently used entries go when the cache outgrows its
// limit. (docs/decisions/0596-compressed-forms-cached-by-content.md)
import { createHash } from 'node:crypto';
import {
  mkdirSync,
  readdirSync,
  readFileSync,
  renameSync,
  rmSync,
  statSync,
  utimesSync,
  writeFileSync,
} from 'node:fs';
import { join } from 'node:path';
import { brotliDecompressSync, gunzipSync } from 'node:zlib';
import { PROJECT_ROOT } from './build-inputs.ts';

/** The cache `buildSite` uses. */
export const COMPRESSION_CACHE_DIR = join(
  PROJECT_ROOT,
  'node_modules/.cache/pharmabridge-precompress',
);

/**
 * The cache's size limit: a few builds of the site (each about 3 MB of compressed forms,
 * most of it bundles that stay the same from one build to the next).
 */
const COMPRESSION_CACHE_LIMIT = 64 * 1024 * 1024;

export interface Forms {
  br: Buffer;
  gz: Buffer;
}

const keyOf = (body: Buffer) => createHash('sha256').update(body).digest('hex');

/** The cached forms of `body`, when both are there and decode to `body`; else undefined. */
export function cachedForms(cacheDir: string, body: Buffer): Forms | undefined {
  const base = join(cacheDir, keyOf(body));
  try {
    const forms = { br: readFileSync(`${base}.br`), gz: readFileSync(`${base}.gz`) };
    if (!brotliDecompressSync(forms.br).equals(body) || !gunzipSync(forms.gz).equals(body)) {
      return undefined;
    }
    // Used now: the last to go when the cache is trimmed.
    const now = new Date();
    utimesSync(`${base}.br`, now, now);
    utimesSync(`${base}.gz`, now, now);
    return forms;
  } catch {
    // Missing, unreadable or not a valid stream: compressed anew.
    return undefined;
  }
}

/** Keeps the forms of `body`; a cache that cannot be written is left as it is. */
export function keepForms(cacheDir: string, body: Buffer, forms: Forms): void {
  const base = join(cacheDir, keyOf(body));
  try {
    mkdirSync(cacheDir, { recursive: true });
    for (const [extension, bytes] of [
      ['br', forms.br],
      ['gz', forms.gz],
    ] as const) {
      const temporary = `${base}.${extension}.${process.pid}.tmp`;
      writeFileSync(temporary, bytes);
      renameSync(temporary, `${base}.${extension}`);
    }
  } catch {
    // No cache this time (a read-only checkout, a full disk): the build has its forms.
  }
}

/**
 * Removes the least recently used entries (an entry's two forms together) until the cache
 * holds at most three quarters of `limit`, when it holds more than `limit`. Returns how many
 * entries it removed.
 */
export function trimCache(cacheDir: string, limit = COMPRESSION_CACHE_LIMIT): number {
  const entries = new Map<string, { paths: string[]; size: number; used: number }>();
  let total = 0;
  try {
    for (const name of readdirSync(cacheDir)) {
      const path = join(cacheDir, name);
      const stat = statSync(path);
      // <hash>.br, <hash>.gz, and a writer's leftover <hash>.br.<pid>.tmp: one entry.
      const key = name.slice(0, name.indexOf('.') === -1 ? undefined : name.indexOf('.'));
      const entry = entries.get(key) ?? { paths: [], size: 0, used: 0 };
      entry.paths.push(path);
      entry.size += stat.size;
      entry.used = Math.max(entry.used, stat.mtimeMs);
      entries.set(key, entry);
      total += stat.size;
    }
  } catch {
    return 0;
  }
  if (total <= limit) return 0;
  let removed = 0;
  for (const entry of [...entries.values()].sort((a, b) => a.used - b.used)) {
    if (total <= (limit * 3) / 4) break;
    for (const path of entry.paths) rmSync(path, { force: true });
    total -= entry.size;
    removed += 1;
  }
  return removed;
}
