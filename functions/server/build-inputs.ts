// What the static site is built from, as the build itself saw it: an Astro integration
// (astro.config.mjs) whose Vite plugin hashes every project file the build loads (pages,
// islands, and whatever they import: functions/data, env.ts, lib/errors.ts, ...) and
// writes the list into the output. site-build.ts decides from it whether a build is
// current, so no hand-kept list of source folders can miss an import.
import { createHash } from 'node:crypto';
import { existsSync, readdirSync, readFileSync, statSync, writeFileSync } from 'node:fs';
import { join, relative, resolve, sep } from 'node:path';
import { fileURLToPath } from 'node:url';
import type { AstroIntegration } from 'astro';

export const PROJECT_ROOT = resolve(import.meta.dirname, '../..');
/** Written into the build output beside the stamp; dotfiles are never served. */
export const INPUTS_FILE = '.build-inputs';

/**
 * Read by the build but not loaded as modules (or not only): the public files copied as
 * they are, the content collections' files, the config, and the dependency lock (for
 * node_modules, which is not hashed file by file). Folders are listed, so a new file in
 * them changes the stamp even before anything imports it.
 */
export const FILE_SOURCES = [
  'site',
  'content',
  'astro.config.mjs',
  'package-lock.json',
  // The build's own check of the output's inline scripts reads it.
  'functions/shared/csp-hashes.json',
];

/** Project path (`/`-separated, relative to the root) to the sha256 of its bytes. */
export type InputHashes = Record<string, string>;

const sha256 = (bytes: Buffer | string) => createHash('sha256').update(bytes).digest('hex');

function* files(path: string): Generator<string> {
  if (!existsSync(path)) return;
  if (statSync(path).isDirectory()) {
    for (const name of readdirSync(path).sort()) yield* files(join(path, name));
  } else {
    yield path;
  }
}

const projectPath = (absolute: string) => relative(PROJECT_ROOT, absolute).split(sep).join('/');

/** Hashes of `paths` (project paths) now; a file that is gone hashes as `missing`. */
export function hashFiles(paths: Iterable<string>): InputHashes {
  const hashes: InputHashes = {};
  for (const path of paths) {
    try {
      hashes[path] = sha256(readFileSync(join(PROJECT_ROOT, path)));
    } catch {
      hashes[path] = 'missing';
    }
  }
  return hashes;
}

/** Every file under FILE_SOURCES now, hashed. */
export function hashFileSources(): InputHashes {
  const paths: string[] = [];
  for (const source of FILE_SOURCES) {
    for (const file of files(join(PROJECT_ROOT, source))) paths.push(projectPath(file));
  }
  return hashFiles(paths);
}

/** One digest of a set of input hashes, independent of their order. */
export function digestInputs(hashes: InputHashes): string {
  const hash = createHash('sha256');
  for (const path of Object.keys(hashes).sort()) hash.update(`${path}\0${hashes[path]}\0`);
  return hash.digest('hex');
}

/** The module files a build recorded in its output, or undefined for an older build. */
export function readRecordedInputs(outDir: string): InputHashes | undefined {
  try {
    const parsed = JSON.parse(readFileSync(join(outDir, INPUTS_FILE), 'utf8')) as {
      files?: unknown;
    };
    if (!parsed.files || typeof parsed.files !== 'object') return undefined;
    return parsed.files as InputHashes;
  } catch {
    return undefined;
  }
}

/** A module id as a project file worth hashing: inside the root, outside node_modules. */
function projectFile(id: string): string | undefined {
  if (id.startsWith('\0') || id.includes('\0')) return undefined;
  const path = id.replace(/[?#].*$/, '');
  if (!path.startsWith(PROJECT_ROOT + sep) && !path.startsWith(`${PROJECT_ROOT}/`)) {
    return undefined;
  }
  const relativePath = projectPath(path);
  // Dependencies count through package-lock.json; .astro/ is generated from site/ and
  // content/, which are hashed themselves.
  if (relativePath.split('/').includes('node_modules') || relativePath.startsWith('.')) {
    return undefined;
  }
  try {
    return statSync(path).isFile() ? relativePath : undefined;
  } catch {
    return undefined;
  }
}

/**
 * The integration: records each project module as it is loaded (hashing the bytes then, so
 * a file edited during the build makes the next check rebuild) and writes the record into
 * the output when the build is done.
 */
export function buildInputs(): AstroIntegration {
  const loaded = new Map<string, string>();
  const record = (id: string) => {
    const path = projectFile(id);
    if (!path || loaded.has(path)) return;
    try {
      loaded.set(path, sha256(readFileSync(join(PROJECT_ROOT, path))));
    } catch {
      // Vanished between stat and read: the next check sees it missing and rebuilds.
    }
  };
  return {
    name: 'pharmabridge:build-inputs',
    hooks: {
      'astro:config:setup': ({ command, updateConfig }) => {
        if (command !== 'build') return;
        updateConfig({
          vite: {
            plugins: [
              {
                name: 'pharmabridge:build-inputs',
                enforce: 'pre',
                load(id) {
                  record(id);
                  return null;
                },
                buildEnd() {
                  // Modules another plugin loaded before ours saw them.
                  for (const id of this.getModuleIds()) record(id);
                },
              },
            ],
          },
        });
      },
      'astro:build:done': ({ dir }) => {
        const files = Object.fromEntries([...loaded].sort(([a], [b]) => a.localeCompare(b)));
        writeFileSync(join(fileURLToPath(dir), INPUTS_FILE), JSON.stringify({ files }));
      },
    },
  };
}
