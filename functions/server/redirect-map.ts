// The redirect map a build publishes (docs/decisions/0141-redirects-served-twice.md):
// dist/.redirects.json, the content of CloudFront's KeyValueStore as JSON,
// `{ "<from>": "<status> <to>" }`. One definition served twice: the local server reads it with each
// site snapshot (static-site/site.ts) and answers with the edge function's own code; the rebuild in AWS
// copies it into the KeyValueStore the edge function reads (scripts/sync-redirects.ts). A dotfile:
// the local server never serves it, and the bucket sync leaves it out.
import { existsSync, readFileSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import type { RedirectStatus } from '../shared/redirects.ts';

export const REDIRECT_MAP_FILE = '.redirects.json';

/** `from` to the store's value, "<status> <to>" (infra/edge/clean-urls.js reads it). */
export type RedirectMapFile = Record<string, string>;

export const redirectValue = (redirect: { status: RedirectStatus; to: string }): string =>
  `${redirect.status} ${redirect.to}`;

/** True when the build in `outDir` has a page at `path` (not a client-rendered shell). */
export function isBuiltPage(outDir: string, path: string): boolean {
  const relative = path.slice(1);
  return (
    existsSync(join(outDir, relative, 'index.html')) || existsSync(join(outDir, `${relative}.html`))
  );
}

/**
 * The map of `redirects` for the build in `outDir`. A redirect never hides a page: one whose
 * `from` the build rendered (a page made live on that address since, by any route) is left
 * out, whatever the store holds.
 */
export function redirectMapFor(
  outDir: string,
  redirects: readonly { from: string; to: string; status: RedirectStatus }[],
): RedirectMapFile {
  const map: RedirectMapFile = {};
  for (const redirect of [...redirects].sort((a, b) => a.from.localeCompare(b.from))) {
    if (!isBuiltPage(outDir, redirect.from)) map[redirect.from] = redirectValue(redirect);
  }
  return map;
}

export function writeRedirectMap(
  outDir: string,
  redirects: readonly { from: string; to: string; status: RedirectStatus }[],
): RedirectMapFile {
  const map = redirectMapFor(outDir, redirects);
  writeFileSync(join(outDir, REDIRECT_MAP_FILE), `${JSON.stringify(map, null, 1)}\n`);
  return map;
}

/** The map a build wrote in `dir`; empty for a build without one. */
export function readRedirectMap(dir: string): Map<string, string> {
  return readStoreFile(dir, REDIRECT_MAP_FILE);
}

/**
 * A KeyValueStore's content a build wrote as `file` in `dir` (the redirects', or the
 * experiments' in experiment-map.ts): its string values by key; empty when there is none.
 */
export function readStoreFile(dir: string, file: string): Map<string, string> {
  let text: string;
  try {
    text = readFileSync(join(dir, file), 'utf8');
  } catch {
    return new Map();
  }
  const parsed = JSON.parse(text) as unknown;
  if (!parsed || typeof parsed !== 'object' || Array.isArray(parsed)) return new Map();
  return new Map(
    Object.entries(parsed).filter(
      (entry): entry is [string, string] => typeof entry[1] === 'string',
    ),
  );
}
