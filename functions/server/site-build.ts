// Builds the static site in a child process into a fresh folder, precompresses it and
// swaps it into place, so the served output is never half-written. A stamp of the build's
// real inputs (every project module it loaded, as recorded by build-inputs.ts, plus the
// files under FILE_SOURCES) and of the page data decides whether a build is needed.
import { spawn } from 'node:child_process';
import { createHash } from 'node:crypto';
import {
  copyFileSync,
  existsSync,
  readdirSync,
  readFileSync,
  renameSync,
  rmSync,
  statSync,
  writeFileSync,
} from 'node:fs';
import { extname, join, relative, resolve } from 'node:path';
import { brotliCompressSync, constants, gzipSync } from 'node:zlib';
import { loadConfig } from '../env.ts';
import { createDocumentClient, dynamoTarget } from '../data/dynamo.ts';
import { LandingPageRepository } from '../data/landing-pages/repository.ts';
import { INLINE_SCRIPT_HASHES } from '../shared/security-headers.ts';
import { withBuildLock } from './build-lock.ts';
import { cachedForms, COMPRESSION_CACHE_DIR, keepForms, trimCache } from './compression-cache.ts';
import { inlineScripts } from './inline-scripts.ts';
import { readActivePages, readRedirectList, readRunningExperiments } from '../site-data/store.ts';
import { writeRedirectMap } from './redirect-map.ts';
import { writeExperimentMap, type EdgeExperiment } from './experiment-map.ts';
import {
  digestInputs,
  hashFileSources,
  hashFiles,
  INPUTS_FILE,
  PROJECT_ROOT,
  readRecordedInputs,
  type InputHashes,
} from './build-inputs.ts';

const STAMP_FILE = '.build-stamp';
/** Held while `astro build` runs in this checkout (build-lock.ts). */
const BUILD_LOCK = join(PROJECT_ROOT, 'node_modules', '.astro-build.lock');
const COMPRESSIBLE = new Set([
  '.html',
  '.css',
  '.js',
  '.mjs',
  '.json',
  '.xml',
  '.svg',
  '.txt',
  '.webmanifest',
]);

function* files(path: string): Generator<string> {
  if (!existsSync(path)) return;
  if (statSync(path).isDirectory()) {
    for (const name of readdirSync(path).sort()) yield* files(join(path, name));
  } else {
    yield path;
  }
}

/**
 * The data side of the stamp: what the build reads from the store (pages and when they
 * changed). The source side is added from the build's own record of its inputs.
 */
export function buildStamp(dataFingerprint: string): string {
  return createHash('sha256').update(`data\0${dataFingerprint}`).digest('hex');
}

const stampOf = (inputs: InputHashes, dataStamp: string) => `${digestInputs(inputs)}:${dataStamp}`;

/**
 * Writes the stamp of a finished build in `outDir`: the files under FILE_SOURCES as they
 * were when the build started, the modules as they were when it loaded them (its record),
 * and the data stamp.
 */
export function writeStamp(outDir: string, fileSources: InputHashes, dataStamp: string): void {
  const loaded = readRecordedInputs(outDir) ?? {};
  writeFileSync(join(outDir, STAMP_FILE), stampOf({ ...fileSources, ...loaded }, dataStamp));
}

/**
 * True when `distDir` was built from the inputs as they are now and from `dataStamp`:
 * every module the build loaded is unchanged, no file under FILE_SOURCES was added,
 * changed or removed, and the page data is the same. An output without a record of its
 * inputs (an older build) is never current.
 */
export function isBuildCurrent(distDir: string, dataStamp: string): boolean {
  const recorded = readRecordedInputs(distDir);
  if (!recorded) return false;
  let stored: string;
  try {
    stored = readFileSync(join(distDir, STAMP_FILE), 'utf8');
  } catch {
    return false;
  }
  const now = { ...hashFiles(Object.keys(recorded)), ...hashFileSources() };
  return stored === stampOf(now, dataStamp);
}

/**
 * Writes a .br (quality 11) and a .gz (level 9) beside each compressible file of `dir` of at
 * least 512 bytes. With `previous` (the build being served), a file whose bytes are the same
 * as the file at the same path there takes that build's .br and .gz instead: a rebuild after
 * one page changed leaves most files as they were (the bundles keep their hashed names), and
 * compressing them again was about half of a local rebuild
 * (docs/decisions/0589-rebuilds-reuse-unchanged-compressed-files.md). With `cache`, a file
 * that is new here takes the forms an earlier build of the same bytes left there, and leaves
 * its own (compression-cache.ts, docs/decisions/0596-compressed-forms-cached-by-content.md).
 */
export function precompress(
  dir: string,
  previous?: string,
  cache?: string,
): { compressed: number; reused: number; cached: number } {
  const counts = { compressed: 0, reused: 0, cached: 0 };
  for (const file of files(dir)) {
    if (!COMPRESSIBLE.has(extname(file))) continue;
    // Precompressed already (Scalar's files: functions/server/api-reference-assets.ts).
    if (existsSync(`${file}.br`)) continue;
    const body = readFileSync(file);
    if (body.length < 512) continue;
    if (previous && reuseCompressed(body, file, join(previous, relative(dir, file)))) {
      counts.reused += 1;
      continue;
    }
    let forms = cache ? cachedForms(cache, body) : undefined;
    if (forms) {
      counts.cached += 1;
    } else {
      forms = {
        br: brotliCompressSync(body, { params: { [constants.BROTLI_PARAM_QUALITY]: 11 } }),
        gz: gzipSync(body, { level: 9 }),
      };
      if (cache) keepForms(cache, body, forms);
      counts.compressed += 1;
    }
    writeFileSync(`${file}.br`, forms.br);
    writeFileSync(`${file}.gz`, forms.gz);
  }
  if (cache) trimCache(cache);
  return counts;
}

/** Copies `old`'s .br and .gz beside `file` when `old` holds `body` and has both; else false. */
function reuseCompressed(body: Buffer, file: string, old: string): boolean {
  try {
    if (!existsSync(`${old}.br`) || !existsSync(`${old}.gz`)) return false;
    if (!readFileSync(old).equals(body)) return false;
    copyFileSync(`${old}.br`, `${file}.br`);
    copyFileSync(`${old}.gz`, `${file}.gz`);
    return true;
  } catch {
    // The old file is gone or unreadable (a path that is a folder there): compress anew.
    rmSync(`${file}.br`, { force: true });
    rmSync(`${file}.gz`, { force: true });
    return false;
  }
}

/** An inline script the CSP does not list, the first file it is in, and its text. */
export interface UnlistedScript {
  hash: string;
  file: string;
  text: string;
}

/**
 * Inline scripts in the built pages whose hash the CSP does not list: served, the browser
 * would refuse to run them, so the build fails instead of shipping a broken page.
 */
export function unlistedInlineScripts(dir: string): UnlistedScript[] {
  const allowed = new Set(INLINE_SCRIPT_HASHES);
  const unknown = new Map<string, UnlistedScript>();
  for (const file of files(dir)) {
    if (extname(file) !== '.html') continue;
    for (const { hash, text } of inlineScripts(readFileSync(file, 'utf8'))) {
      if (!allowed.has(hash) && !unknown.has(hash)) {
        unknown.set(hash, { hash, file: file.slice(dir.length + 1), text });
      }
    }
  }
  return [...unknown.values()];
}

/** A page as the build renders it: its slug and stored content. */
export interface ContentPage {
  slug: string;
  content: unknown;
}

/** Where content text sits: a landing page and a field path such as `hero.headline`. */
export interface ContentSource {
  slug: string;
  field: string;
}

/** Every string in `value` with its path (`features.items.2.title`, as API field errors name it). */
function* strings(value: unknown, path: string[] = []): Generator<[string, string]> {
  if (typeof value === 'string') {
    yield [path.join('.'), value];
  } else if (Array.isArray(value)) {
    for (const [index, item] of value.entries()) yield* strings(item, [...path, String(index)]);
  } else if (value && typeof value === 'object') {
    for (const [key, item] of Object.entries(value)) yield* strings(item, [...path, key]);
  }
}

/**
 * The content fields a refused script came from: fields that hold `<script` and the
 * script's text. Markup comes from the site's components; a script whose text a page's
 * content holds means some component wrote that field as markup instead of text.
 */
export function contentSources(script: { text: string }, pages: ContentPage[]): ContentSource[] {
  const text = script.text.trim();
  const found: ContentSource[] = [];
  for (const page of pages) {
    for (const [field, value] of strings(page.content)) {
      if (/<script/i.test(value) && value.includes(text)) found.push({ slug: page.slug, field });
    }
  }
  return found;
}

/**
 * The pages of the store the build read (its environment), for naming the content behind a
 * refused script; none when no store is configured (the build rendered the template) or
 * the store does not answer (the failure is reported without them).
 */
export async function storedPages(env: Record<string, string | undefined>): Promise<ContentPage[]> {
  try {
    const config = loadConfig(env);
    if (config.store.kind === 'embedded') return [];
    const db = createDocumentClient(dynamoTarget(config));
    try {
      const pages = await new LandingPageRepository(db, config.env.TABLE_NAME).list();
      return pages.filter((page) => page.isActive);
    } finally {
      db.destroy();
    }
  } catch {
    return [];
  }
}

/**
 * Why the build refuses the output, in sentences for the admin's build status and the
 * console: scripts whose text is in a page's content name the page and field; others are
 * new inline scripts of the site itself (an Astro upgrade changes its island runtime).
 */
export function describeUnlistedScripts(scripts: UnlistedScript[], pages: ContentPage[]): string {
  const fromContent: string[] = [];
  const fromSite: UnlistedScript[] = [];
  for (const script of scripts) {
    const sources = contentSources(script, pages);
    if (sources.length === 0) {
      fromSite.push(script);
      continue;
    }
    const where = sources.map(({ slug, field }) => `landing page "${slug}", field ${field}`);
    fromContent.push(
      `The page content became a script in ${script.file}: the text ${JSON.stringify(
        script.text.trim().slice(0, 80),
      )} is in ${where.join('; ')}. Content must be shown as text; remove the <script> ` +
        `from that field to publish again, and report this as a bug in the site.`,
    );
  }
  const parts = [...fromContent];
  if (fromSite.length > 0) {
    parts.push(
      `The build wrote inline scripts the Content-Security-Policy does not allow:\n` +
        fromSite.map(({ hash, file }) => `  '${hash}' in ${file}`).join('\n') +
        `\nCheck what they are (an Astro upgrade changes its island runtime), then add the ` +
        `hashes to functions/shared/csp-hashes.json (docs/decisions/0034-content-security-policy.md).`,
    );
  }
  return parts.join('\n');
}

export interface BuildResult {
  ok: boolean;
  /** The last lines the build printed, for error reports and the admin's build status. */
  logTail: string;
  /**
   * Why a build that ran to the end was refused (its output checks), which the build's own
   * output does not say; also the end of logTail.
   */
  reason?: string;
}

/**
 * Runs `astro build` into `<dist>.next`, precompresses, writes the stamp and swaps the
 * folder into place. `env` is the build's environment (the store it reads pages from).
 */
export async function buildSite(options: {
  distDir: string;
  stamp: string;
  env: Record<string, string | undefined>;
  onOutput?: (chunk: string) => void;
  /** Aborting kills the build; nothing is swapped in. */
  signal?: AbortSignal;
}): Promise<BuildResult> {
  const distDir = resolve(options.distDir);
  const nextDir = `${distDir}.next`;
  rmSync(nextDir, { recursive: true, force: true });
  // The files as the build starts reading them; the modules are hashed as they load.
  const fileSources = hashFileSources();
  let log = '';
  const astroBuild = () =>
    new Promise<number | null>((done) => {
      const child = spawn(
        process.execPath,
        [
          join(PROJECT_ROOT, 'node_modules/astro/bin/astro.mjs'),
          'build',
          '--outDir',
          nextDir,
          '--silent',
        ],
        {
          cwd: PROJECT_ROOT,
          env: { ...options.env, ASTRO_TELEMETRY_DISABLED: '1' },
          stdio: ['ignore', 'pipe', 'pipe'],
          ...(options.signal ? { signal: options.signal, killSignal: 'SIGTERM' as const } : {}),
        },
      );
      const collect = (chunk: Buffer) => {
        const text = chunk.toString();
        log = (log + text).slice(-8000);
        options.onOutput?.(text);
      };
      child.stdout.on('data', collect);
      child.stderr.on('data', collect);
      child.on('error', (error) => {
        log += String(error);
        done(null);
      });
      child.on('exit', done);
    });
  // One astro build of this checkout at a time (it writes into the project; build-lock.ts).
  const code = await withBuildLock(BUILD_LOCK, astroBuild, options.signal).catch(
    (error: unknown) => {
      log += String(error);
      return null;
    },
  );
  if (code !== 0) {
    rmSync(nextDir, { recursive: true, force: true });
    return { ok: false, logTail: tail(log) };
  }
  const unknownScripts = unlistedInlineScripts(nextDir);
  if (unknownScripts.length > 0) {
    rmSync(nextDir, { recursive: true, force: true });
    const reason = describeUnlistedScripts(unknownScripts, await storedPages(options.env));
    return { ok: false, logTail: reason, reason };
  }
  if (!readRecordedInputs(nextDir)) {
    rmSync(nextDir, { recursive: true, force: true });
    const reason = `The build wrote no ${INPUTS_FILE} record: is buildInputs() in astro.config.mjs?`;
    return { ok: false, logTail: reason, reason };
  }
  try {
    // The redirects as they are now, beside the pages
    // (docs/decisions/0141-redirects-served-twice.md).
    writeRedirectMap(nextDir, await readRedirectList(options.env));
    // The running experiments whose variants this build rendered: the edge's assignment map
    // (docs/decisions/0151-experiment-serving.md). One started during the build waits for the next.
    await writeBuiltExperiments(nextDir, options.env);
  } catch (error) {
    rmSync(nextDir, { recursive: true, force: true });
    const reason = error instanceof Error ? error.message : String(error);
    return { ok: false, logTail: reason, reason };
  }
  // The served build's compressed forms of the files this build left unchanged.
  precompress(nextDir, existsSync(distDir) ? distDir : undefined, COMPRESSION_CACHE_DIR);
  writeStamp(nextDir, fileSources, options.stamp);
  const oldDir = `${distDir}.old`;
  rmSync(oldDir, { recursive: true, force: true });
  if (existsSync(distDir)) renameSync(distDir, oldDir);
  renameSync(nextDir, distDir);
  rmSync(oldDir, { recursive: true, force: true });
  return { ok: true, logTail: tail(log) };
}

function tail(text: string, lines = 40): string {
  return text.trimEnd().split('\n').slice(-lines).join('\n');
}

/**
 * Writes the experiment map of the running experiments whose every variant the build in
 * `outDir` rendered (site/pages/variants/). The build read the store a moment earlier, so an
 * experiment started since is left for the next build (its start asked for one).
 */
async function writeBuiltExperiments(
  outDir: string,
  env: Record<string, string | undefined> | undefined,
): Promise<void> {
  const pages = (await readActivePages(env)) ?? [];
  const { experiments, secret } = await readRunningExperiments(pages, env);
  const edge: EdgeExperiment[] = [];
  for (const experiment of experiments) {
    const variantPrefix = `/variants/${experiment.variantSlug}`;
    const built = experiment.variants.every((variant) =>
      existsSync(join(outDir, variantPrefix.slice(1), variant.id, 'index.html')),
    );
    if (!built) continue;
    edge.push({
      path: experiment.path,
      experimentId: experiment.id,
      variantPrefix,
      variants: experiment.variants.map(({ id, weight }) => ({ id, weight })),
    });
  }
  writeExperimentMap(outDir, edge, secret);
}
