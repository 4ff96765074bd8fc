// The built site read into memory (docs/decisions/0002-static-site-served-from-memory.md):
// one entry per file, each with its identity body and its precompressed br/gzip variants,
// their headers (headers.ts) and ETags made once at load, so a request is a map lookup.
import { createHash } from 'node:crypto';
import { readdirSync, readFileSync, statSync } from 'node:fs';
import { extname, join, relative, sep } from 'node:path';
import { HTML_CACHE, IMMUTABLE, OTHER_CACHE, SECURITY_HEADERS, TYPES } from './headers.ts';

export interface Variant {
  body: Buffer;
  headers: Record<string, string>;
  /** `headers` with EXPERIMENT_CACHE, made on the first answer under an experiment. */
  experimentHeaders?: Record<string, string>;
}

export interface Entry {
  identity: Variant;
  br?: Variant;
  gzip?: Variant;
}

/** Every file of the build under its URL path (`/a/index.html`), dotfiles and .br/.gz left out. */
export function readFiles(root: string): Map<string, Entry> {
  const files = new Map<string, Entry>();
  for (const path of walk(root)) {
    if (path.endsWith('.br') || path.endsWith('.gz')) continue;
    const urlPath = `/${relative(root, path).split(sep).join('/')}`;
    if (urlPath.split('/').some((segment) => segment.startsWith('.'))) continue;
    files.set(urlPath, entryFor(path, urlPath));
  }
  return files;
}

function* walk(dir: string): Generator<string> {
  for (const name of readdirSync(dir)) {
    const path = join(dir, name);
    if (statSync(path).isDirectory()) yield* walk(path);
    else yield path;
  }
}

function entryFor(path: string, urlPath: string): Entry {
  const body = readFileSync(path);
  const hash = createHash('sha1').update(body).digest('base64url');
  const etag = `"${hash}"`;
  const type = TYPES[extname(path).toLowerCase()] ?? 'application/octet-stream';
  const cacheControl = urlPath.startsWith('/_astro/')
    ? IMMUTABLE
    : type.startsWith('text/html')
      ? HTML_CACHE
      : OTHER_CACHE;
  const base = {
    'Content-Type': type,
    'Cache-Control': cacheControl,
    ETag: etag,
    // Single byte ranges of the identity body (send()).
    'Accept-Ranges': 'bytes',
    ...SECURITY_HEADERS,
  };
  const variant = (file: string, encoding: string, tag: string): Variant | undefined => {
    let data: Buffer;
    try {
      data = readFileSync(file);
    } catch {
      return undefined;
    }
    return {
      body: data,
      headers: {
        ...base,
        ETag: tag,
        'Content-Length': String(data.length),
        'Content-Encoding': encoding,
        Vary: 'Accept-Encoding',
      },
    };
  };
  const br = variant(`${path}.br`, 'br', `"${hash}-br"`);
  const gzip = variant(`${path}.gz`, 'gzip', `"${hash}-gz"`);
  const identity: Variant = {
    body,
    headers: {
      ...base,
      'Content-Length': String(body.length),
      ...(br || gzip ? { Vary: 'Accept-Encoding' } : {}),
    },
  };
  return { identity, ...(br ? { br } : {}), ...(gzip ? { gzip } : {}) };
}
