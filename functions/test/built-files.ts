// Folders of built files for the tests of precompress and its cache
// (functions/server/site-build.test.ts, functions/server/compression-cache.test.ts): made in
// the run's temporary folder, removed by removeFolders().
import { mkdirSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { dirname, join } from 'node:path';
import { brotliDecompressSync, gunzipSync } from 'node:zlib';

const made: string[] = [];

/** A new folder with `files` (path to text) in it. */
export function folderWith(files: Record<string, string> = {}, prefix = 'pb-built-'): string {
  const dir = mkdtempSync(join(tmpdir(), prefix));
  made.push(dir);
  for (const [path, text] of Object.entries(files)) {
    mkdirSync(dirname(join(dir, path)), { recursive: true });
    writeFileSync(join(dir, path), text);
  }
  return dir;
}

/** Removes every folder folderWith made so far. */
export function removeFolders(): void {
  for (const dir of made.splice(0)) rmSync(dir, { recursive: true, force: true });
}

/** What a client gets from each precompressed form of `path` in `dir`. */
export const decoded = (dir: string, path: string) => ({
  br: brotliDecompressSync(readFileSync(join(dir, `${path}.br`))).toString(),
  gz: gunzipSync(readFileSync(join(dir, `${path}.gz`))).toString(),
});
