// Gives a browser-test server (playwright.config.ts) its data and built site before it
// starts, so the site is built once per run instead of once per server:
//
//   node e2e/prepare-server.ts <run dir> <name> [--build]
//
// With --build (the first server), `npm start`'s own start-up runs once on <run dir>/prepared
// (a fresh store, the seed, the administrator, the site build) and stops. Then each server
// gets <run dir>/<name>/data, a copy of the store (its own from then on), and
// <run dir>/<name>/dist, a hard-linked copy of the build: a rebuild writes a new folder and
// swaps it in (functions/server/site-build.ts) and never writes into a built file, so one
// server's rebuilds leave the other's files alone. The copied store holds the pages the
// build was made from, so the server finds its build current and serves it at once.
// Playwright starts the servers one after another, so the first has prepared the copy
// before the second asks for it. (docs/decisions/0362-one-site-build-for-both-test-servers.md)
import { spawn } from 'node:child_process';
import {
  cpSync,
  createWriteStream,
  existsSync,
  linkSync,
  mkdirSync,
  readdirSync,
  renameSync,
  rmSync,
} from 'node:fs';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';

const root = fileURLToPath(new URL('..', import.meta.url));
const READY = 'PharmaBridge is running';

/** Copies the tree at `from` to `to`, each file a hard link to the original. */
function linkTree(from: string, to: string): void {
  mkdirSync(to, { recursive: true });
  for (const entry of readdirSync(from, { withFileTypes: true })) {
    const source = join(from, entry.name);
    const target = join(to, entry.name);
    if (entry.isDirectory()) linkTree(source, target);
    else linkSync(source, target);
  }
}

/**
 * Runs `npm start`'s server on `dir` (data and dist) until it is serving, then stops it:
 * the store seeded, the administrator created, the site built and stamped. Its output goes
 * to `log`.
 */
async function startOnce(dir: string, log: string): Promise<void> {
  const out = createWriteStream(log);
  const child = spawn(process.execPath, ['functions/server/start.ts'], {
    cwd: root,
    // PORT 0: any free port, so nothing answers on the servers' own ports meanwhile.
    env: { ...process.env, PORT: '0', DATA_DIR: join(dir, 'data'), DIST_DIR: join(dir, 'dist') },
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  let seen = '';
  const exited = new Promise<number | null>((done) => child.on('exit', done));
  const ready = new Promise<boolean>((done) => {
    child.stdout.on('data', (chunk: Buffer) => {
      out.write(chunk);
      seen += chunk.toString();
      if (seen.includes(READY)) done(true);
      seen = seen.slice(-READY.length);
    });
    child.stderr.on('data', (chunk: Buffer) => {
      out.write(chunk);
      process.stderr.write(chunk);
    });
    void exited.then(() => done(false));
  });
  if (!(await ready)) throw new Error(`the server stopped while preparing ${dir}; see ${log}`);
  // A clean stop: DynamoDB Local closes its files before they are copied.
  child.kill('SIGTERM');
  const code = await exited;
  out.end();
  if (code !== 0) throw new Error(`the server preparing ${dir} stopped with code ${code}`);
}

async function main(runDir: string, name: string, build: boolean): Promise<void> {
  const prepared = join(runDir, 'prepared');
  if (build) {
    // Prepared beside and renamed into place: a half-prepared folder is never copied. One
    // left by an earlier run (a fixed E2E_RUN_DIR) is started again: rebuilt only if stale.
    const building = `${prepared}.${process.pid}`;
    rmSync(building, { recursive: true, force: true });
    if (existsSync(prepared)) renameSync(prepared, building);
    await startOnce(building, join(runDir, 'prepared-server.log'));
    renameSync(building, prepared);
  } else if (!existsSync(prepared)) {
    throw new Error(`${prepared} is missing: the first server prepares it (--build)`);
  }
  const own = join(runDir, name);
  rmSync(own, { recursive: true, force: true });
  cpSync(join(prepared, 'data'), join(own, 'data'), { recursive: true });
  linkTree(join(prepared, 'dist'), join(own, 'dist'));
}

if (import.meta.main) {
  const [runDir, name, flag] = process.argv.slice(2);
  if (!runDir || !name) {
    process.stderr.write('usage: node e2e/prepare-server.ts <run dir> <name> [--build]\n');
    process.exit(2);
  }
  main(runDir, name, flag === '--build').catch((error: unknown) => {
    process.stderr.write(`prepare-server: ${error instanceof Error ? error.message : error}\n`);
    process.exit(1);
  });
}
