// Stack traces for the error log, mapped back to the TypeScript sources on first use.
//
// The Lambda functions run without Node's --enable-source-maps: with it, Node reads and
// parses the bundle's source map at every cold start (about 10 ms of the public function's
// start and 20 ms of the admin one's, docs/decisions/0091-source-maps-at-error-time.md), for
// stack traces that only an unhandled error ever logs. Instead the bundle's map (shipped
// beside it: index.mjs.map) is decoded here the first time an error is logged, and each
// frame's position in the minified bundle is replaced by the source file, line and column.
// Frames of files without a map (the local server runs the .ts files themselves) are
// left as they are, so is a stack Node has already mapped.
import { readFileSync } from 'node:fs';
import { SourceMap } from 'node:module';
import { dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';

/** Decoded maps by bundle file; null when the file has none (or it could not be read). */
const maps = new Map<string, SourceMap | null>();

function mapOf(file: string): SourceMap | null {
  const known = maps.get(file);
  if (known !== undefined) return known;
  let map: SourceMap | null = null;
  try {
    const path = file.startsWith('file:') ? fileURLToPath(file) : file;
    // esbuild ends the bundle with `//# sourceMappingURL=index.mjs.map`.
    const named = /\/\/# sourceMappingURL=(\S+)\s*$/.exec(readFileSync(path, 'utf8'))?.[1];
    if (named && !named.startsWith('data:')) {
      const payload: unknown = JSON.parse(readFileSync(join(dirname(path), named), 'utf8'));
      map = new SourceMap(payload as ConstructorParameters<typeof SourceMap>[0]);
    }
  } catch {
    map = null;
  }
  maps.set(file, map);
  return map;
}

/**
 * A source path as the map gives it, relative to the bundle's build folder
 * (`../../functions/env.ts`, `../../node_modules/hono/dist/hono.js`): from the package folder
 * or the repository's top folder on, which is what a reader looks for.
 */
function readable(source: string): string {
  const modules = source.lastIndexOf('node_modules/');
  if (modules >= 0) return source.slice(modules);
  return source.replace(/^(?:\.\.?\/)+/, '');
}

// `    at name (file:///var/task/index.mjs:1:2345)` or `    at file:///var/task/index.mjs:1:2345`
const FRAME = /^(\s*at (?:.+? \()?)(.+?):(\d+):(\d+)(\)?)$/;

/** One frame line, mapped when its file has a source map and the position is in it. */
function mapFrame(line: string): string {
  const frame = FRAME.exec(line);
  if (!frame) return line;
  const [, head = '', file = '', row = '', column = '', tail = ''] = frame;
  if (file.startsWith('node:')) return line;
  const map = mapOf(file);
  if (!map) return line;
  // Stack positions count from 1; the map's from 0.
  const entry = map.findEntry(Number(row) - 1, Number(column) - 1);
  if (!('originalSource' in entry)) return line;
  return `${head}${readable(entry.originalSource)}:${entry.originalLine + 1}:${entry.originalColumn + 1}${tail}`;
}

/** The error's stack with each bundled frame pointing at its source; the message otherwise. */
export function sourceStack(error: unknown): string {
  if (!(error instanceof Error)) return String(error);
  if (!error.stack) return error.message;
  try {
    return error.stack.split('\n').map(mapFrame).join('\n');
  } catch {
    return error.stack;
  }
}
