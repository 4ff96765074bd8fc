// Lighthouse (mobile preset, the default config) over every URL of the sitemap, served by
// the local server with a temporary data folder, German added (scripts/german-home.ts: /de,
// /de/pricing and /de/contact, each held to its English page's budget). Reports the four category scores and the
// JavaScript each page transfers, and checks that pages without an island ship none but the
// site-wide tracking script (site/scripts/site-tracking.ts).
import { spawn, type ChildProcess } from 'node:child_process';
import { existsSync, mkdtempSync, readFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import lighthouse from 'lighthouse';
import { freePort } from '../../functions/server/dynamo-local.ts';
import { fmt, stopChild, waitFor } from './tools.ts';
import { CHROMIUM_ARGS, CHROMIUM_PATH as CHROMIUM } from '../chromium.ts';
import { randomBytes } from 'node:crypto';
import { GALLERY_SLUG, publishBlockGallery, uploadGatedPdf } from '../block-gallery.ts';
import { BENCH_LOCALES, publishGermanHome } from '../german-home.ts';
import { localePrefixes } from '../../functions/shared/locales.ts';

const root = join(import.meta.dirname, '../..');

export interface LighthouseRow {
  path: string;
  performance: number;
  accessibility: number;
  bestPractices: number;
  seo: number;
  /** Bytes of JavaScript transferred (external scripts, compressed as served). */
  jsBytes: number;
  /** ... of which the site-wide tracking script's files (the script and what it imports). */
  siteScriptBytes: number;
  /** The HTML holds a hydrated island (<astro-island>). */
  island: boolean;
  /** The page exists in other languages and carries the language suggestion (issue 39). */
  suggestion: boolean;
  /**
   * Executable <script> elements, inline or not, other than the site-wide tracking script
   * (JSON-LD does not count).
   */
  inlineScripts: number;
  /** The performance metrics that cost points, with their values (e.g. "TBT 170 ms"). */
  weakMetrics: string[];
}

/** Lighthouse's performance metrics, by audit id. */
const METRICS: Record<string, string> = {
  'first-contentful-paint': 'FCP',
  'largest-contentful-paint': 'LCP',
  'total-blocking-time': 'TBT',
  'cumulative-layout-shift': 'CLS',
  'speed-index': 'SI',
};

/**
 * The site-wide tracking script (site/scripts/site-tracking.ts,
 * docs/decisions/0085-site-wide-tracking.md) as Lighthouse counts it: its two files (the script and
 * the attribution chunk it shares with the landing pages' script; at most 1,024 bytes gzip
 * together, about 760 brotli as served) plus each response's headers (the security headers make
 * about 1.1 KB each). Every page of BaseLayout loads it; the landing pages do not.
 */
export const SITE_TRACKING_BUDGET_BYTES = 1024 + 2 * 1200;

/**
 * The files of the site-wide scripts, named after their components: the tracking
 * (site/components/SiteTracking.astro) and, on a page that exists in other languages, the
 * language suggestion (site/components/locale/LocaleSuggestion.astro, issue 39).
 */
const SITE_SCRIPT =
  /^\/_astro\/(SiteTracking|LocaleSuggestion)\.astro_astro_type_script_index_\d+_lang\.[\w-]+\.js$/;

/** What the language suggestion may add to a page that has alternates (transferred bytes). */
const LOCALE_SUGGESTION_BUDGET_BYTES = 1500;

/**
 * JavaScript budget per page, in bytes as Lighthouse counts them (transferred, compressed).
 * The landing pages (`/` and the presentation and logo pages built the same way) must stay
 * within 70 KB (docs/decisions/0094-landing-page-javascript.md); the form pages may not grow past
 * what they shipped before the site-wide script; every other page ships that script and nothing
 * else (jsWithoutIsland). Every page here but `/` (a landing page) also loads the site script.
 */
export const JS_BUDGET_BYTES: Record<string, number> = {
  '/': 70_000,
  '/presentation': 70_000 + SITE_TRACKING_BUDGET_BYTES,
  '/logo-download': 70_000 + SITE_TRACKING_BUDGET_BYTES,
  '/contact': 100_000 + SITE_TRACKING_BUDGET_BYTES,
  '/demo': 100_000 + SITE_TRACKING_BUDGET_BYTES,
  '/pilot': 100_000 + SITE_TRACKING_BUDGET_BYTES,
  // The block gallery (scripts/block-gallery.ts): a landing page with every block type.
  [`/${GALLERY_SLUG}`]: 70_000,
};
/** Pages with an island that the list above does not name. */
const DEFAULT_ISLAND_BUDGET = 70_000 + SITE_TRACKING_BUDGET_BYTES;

/** The bench's locale prefixes (`de`): a page under one has its English page's budget. */
const PREFIXES = Object.values(localePrefixes(BENCH_LOCALES)).filter(Boolean);

/** The budget named for a path, or for the English page of a translated path (`/de/pricing`). */
export function namedBudget(path: string): number | undefined {
  if (path in JS_BUDGET_BYTES) return JS_BUDGET_BYTES[path];
  const prefix = PREFIXES.find((each) => path === `/${each}` || path.startsWith(`/${each}/`));
  return prefix === undefined ? undefined : JS_BUDGET_BYTES[path.slice(prefix.length + 1) || '/'];
}

export const jsBudgetOf = (
  row: Pick<LighthouseRow, 'path' | 'island'> & { suggestion?: boolean },
): number =>
  (namedBudget(row.path) ?? (row.island ? DEFAULT_ISLAND_BUDGET : SITE_TRACKING_BUDGET_BYTES)) +
  (row.suggestion ? LOCALE_SUGGESTION_BUDGET_BYTES : 0);

/** The site script's files a page loads: the script and the chunks it imports (paths). */
async function siteScriptFiles(base: string, html: string): Promise<Set<string>> {
  const files = new Set<string>();
  for (const [, src] of html.matchAll(/<script\b[^>]*\bsrc="([^"]+)"/g)) {
    if (!SITE_SCRIPT.test(src!)) continue;
    files.add(src!);
    const code = await (await fetch(`${base}${src}`)).text();
    for (const [, chunk] of code.matchAll(/\bfrom\s*["']\.\/([^"']+)["']/g)) {
      files.add(`/_astro/${chunk}`);
    }
  }
  return files;
}

export interface LighthouseBench {
  rows: LighthouseRow[];
  /** Pages without an island that ship JavaScript besides the site script: must be empty. */
  jsWithoutIsland: string[];
  /** Pages over their JavaScript budget (JS_BUDGET_BYTES): must be empty. */
  overBudget: string[];
}

const score = (value: number | null | undefined) => Math.round((value ?? 0) * 100);

async function startChromium(): Promise<{ child: ChildProcess; port: number; dir: string }> {
  const dir = mkdtempSync(join(tmpdir(), 'pb-lh-chrome-'));
  const child = spawn(
    CHROMIUM,
    [...CHROMIUM_ARGS, '--remote-debugging-port=0', `--user-data-dir=${dir}`, 'about:blank'],
    { stdio: 'ignore' },
  );
  // Chromium writes the port it picked to DevToolsActivePort in its profile folder.
  const file = join(dir, 'DevToolsActivePort');
  const deadline = Date.now() + 30_000;
  while (!existsSync(file) || readFileSync(file, 'utf8').trim() === '') {
    if (Date.now() > deadline) throw new Error(`${CHROMIUM} did not open a DevTools port`);
    await new Promise((resolve) => setTimeout(resolve, 100));
  }
  const port = Number(readFileSync(file, 'utf8').split('\n')[0]);
  return { child, port, dir };
}

export async function benchLighthouse(options: { only?: string[] } = {}): Promise<LighthouseBench> {
  const dir = mkdtempSync(join(tmpdir(), 'pb-bench-lighthouse-'));
  const port = await freePort();
  const base = `http://127.0.0.1:${port}`;
  // An administrator of this run only, to publish the block gallery through the API.
  const admin = {
    email: 'bench@pharmabridge.local',
    password: `${randomBytes(18).toString('base64url')}-Aa1`,
  };
  const server = spawn(process.execPath, [join(root, 'functions/server/start.ts')], {
    cwd: root,
    env: {
      ...process.env,
      PORT: String(port),
      // Canonical and sitemap URLs point at this server, as they would in production.
      SITE_URL: base,
      DATA_DIR: join(dir, 'data'),
      DIST_DIR: join(dir, 'dist'),
      LOG_LEVEL: 'warn',
      ADMIN_EMAIL: admin.email,
      ADMIN_PASSWORD: admin.password,
      REBUILD_DEBOUNCE_MS: '300',
    },
    stdio: ['ignore', 'ignore', 'inherit'],
  });
  try {
    await waitFor(`${base}/`);
    // Every block type on one published page, so the bench measures each of them.
    await publishBlockGallery(base, admin, uploadGatedPdf);
    // The German home page, so the German pages are measured too (issue 39).
    await publishGermanHome(base, admin);
    const sitemap = await (await fetch(`${base}/sitemap.xml`)).text();
    let paths = [...sitemap.matchAll(/<loc>([^<]+)<\/loc>/g)].map(
      (match) => new URL(match[1]!).pathname,
    );
    if (options.only?.length) paths = paths.filter((path) => options.only!.includes(path));

    const chrome = await startChromium();
    try {
      const rows: LighthouseRow[] = [];
      for (const path of paths) {
        const html = await (await fetch(`${base}${path}`)).text();
        const island = html.includes('<astro-island');
        const suggestion = html.includes('data-locale-suggestion');
        const inlineScripts = [...html.matchAll(/<script\b([^>]*)>/g)].filter(
          (match) =>
            !/type="application\/ld\+json"/.test(match[1] ?? '') &&
            !SITE_SCRIPT.test(/\bsrc="([^"]+)"/.exec(match[1] ?? '')?.[1] ?? ''),
        ).length;
        const siteFiles = await siteScriptFiles(base, html);
        const result = await lighthouse(`${base}${path}`, {
          port: chrome.port,
          output: 'json',
          logLevel: 'error',
          onlyCategories: ['performance', 'accessibility', 'best-practices', 'seo'],
        });
        if (!result) throw new Error(`Lighthouse returned nothing for ${path}`);
        const { categories, audits } = result.lhr;
        const requests =
          (
            audits['network-requests']?.details as
              | { items?: { url?: string; resourceType?: string; transferSize?: number }[] }
              | undefined
          )?.items ?? [];
        const scripts = requests.filter((item) => item.resourceType === 'Script');
        const bytes = (items: typeof scripts) =>
          items.reduce((sum, item) => sum + (item.transferSize ?? 0), 0);
        const jsBytes = bytes(scripts);
        const siteScriptBytes = bytes(
          scripts.filter((item) => siteFiles.has(new URL(item.url ?? '', base).pathname)),
        );
        const weakMetrics = Object.entries(METRICS)
          .filter(([id]) => (audits[id]?.score ?? 1) < 1)
          .map(([id, name]) => `${name} ${audits[id]?.displayValue ?? '?'}`);
        rows.push({
          path,
          weakMetrics,
          performance: score(categories['performance']?.score),
          accessibility: score(categories['accessibility']?.score),
          bestPractices: score(categories['best-practices']?.score),
          seo: score(categories['seo']?.score),
          jsBytes,
          siteScriptBytes,
          island,
          suggestion,
          inlineScripts,
        });
        process.stderr.write(`lighthouse ${path} done\n`);
      }
      const jsWithoutIsland = rows
        // A page named in the budget may ship a plain script instead of an island (the landing,
        // deck and logo pages load their interactive code on demand).
        .filter(
          (row) =>
            !row.island &&
            namedBudget(row.path) === undefined &&
            (row.jsBytes > row.siteScriptBytes || row.inlineScripts > 0),
        )
        .map((row) => row.path);
      const overBudget = rows
        .filter((row) => row.jsBytes > jsBudgetOf(row))
        .map((row) => `${row.path} (${fmt(row.jsBytes)} > ${fmt(jsBudgetOf(row))} bytes)`);
      return { rows, jsWithoutIsland, overBudget };
    } finally {
      await stopChild(chrome.child);
      rmSync(chrome.dir, { recursive: true, force: true });
    }
  } finally {
    await stopChild(server);
    rmSync(dir, { recursive: true, force: true });
  }
}

export function reportLighthouse(result: LighthouseBench): string {
  const width = Math.max(5, ...result.rows.map((row) => row.path.length));
  const header = `${'route'.padEnd(width)}  perf  a11y  best   seo   JS bytes  site script  island  metrics under 100`;
  const lines = result.rows.map(
    (row) =>
      `${row.path.padEnd(width)}  ${String(row.performance).padStart(4)}  ${String(row.accessibility).padStart(4)}  ${String(row.bestPractices).padStart(4)}  ${String(row.seo).padStart(4)}  ${fmt(row.jsBytes).padStart(9)}  ${fmt(row.siteScriptBytes).padStart(11)}  ${(row.island ? 'yes' : 'no').padEnd(6)}  ${row.weakMetrics.join(', ')}`,
  );
  const perfect = result.rows.filter(
    (row) =>
      row.performance === 100 &&
      row.accessibility === 100 &&
      row.bestPractices === 100 &&
      row.seo === 100,
  ).length;
  return [
    `Lighthouse, mobile preset (${result.rows.length} pages of the sitemap)`,
    header,
    ...lines,
    `  100/100/100/100 on ${perfect} of ${result.rows.length} pages`,
    result.jsWithoutIsland.length === 0
      ? '  pages without an island ship no JavaScript but the site script: met'
      : `  pages without an island that ship other JavaScript: ${result.jsWithoutIsland.join(', ')} (NOT met)`,
    result.overBudget.length === 0
      ? '  JavaScript within every page budget: met'
      : `  JavaScript over budget: ${result.overBudget.join(', ')} (NOT met)`,
  ].join('\n');
}

/** The bench fails (exit code 1) when a page breaks its JavaScript budget or ships JS it should not. */
export function lighthouseFailed(result: LighthouseBench): boolean {
  return result.overBudget.length > 0 || result.jsWithoutIsland.length > 0;
}

// `node scripts/bench/lighthouse.ts [/path ...]` runs it alone.
if (import.meta.main) {
  const only = process.argv.slice(2);
  const result = await benchLighthouse({ only });
  process.stdout.write(`${reportLighthouse(result)}\n`);
  if (lighthouseFailed(result)) process.exitCode = 1;
}
