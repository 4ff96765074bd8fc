// Administrator passwords: argon2id at OWASP's minimum cost (m=19456 KiB, t=2, p=1) in
// WebAssembly (hash-wasm), so the same code runs on Node and in Lambda with no native
// build. The encoded hash carries its parameters, so they can be raised later.
//
// A check costs about 0.1 s of CPU, and a JavaScript thread does nothing else meanwhile.
// So the long-running server hashes on a small pool of worker threads and bounds the
// checks waiting for one: past the bound a sign-in is refused with 503 and Retry-After
// rather than queued without end (docs/decisions/0101-password-hashing-workers.md). A Lambda
// instance serves one request at a time and its bundle has no worker file, so there the work runs
// inline as before.
import { existsSync } from 'node:fs';
import { randomBytes } from 'node:crypto';
import { availableParallelism } from 'node:os';
import { fileURLToPath } from 'node:url';
import { Worker } from 'node:worker_threads';
// CommonJS package: `.test(password)` is true when the password is on the common list.
// A static import, so esbuild puts it into the Lambda bundle (a createRequire() call is
// left to run time, where the bundle has no node_modules beside it).
import commonPasswords from 'fxa-common-password-list';
import { MAX_PASSWORD_LENGTH, MIN_PASSWORD_LENGTH } from '../shared/account.ts';
import { contextWordProblem } from './password-context.ts';
import { ApiError } from './errors.ts';
import { PASSWORD_WORKER, runHashJob, type HashJob, type HashReply } from './password-worker.ts';

export { MAX_PASSWORD_LENGTH, MIN_PASSWORD_LENGTH };

export { ARGON2_PARAMS } from './password-worker.ts';

/** Why a new password is refused, or undefined when it is acceptable. */
export function passwordProblem(password: string): string | undefined {
  if (password.length < MIN_PASSWORD_LENGTH)
    return `must be at least ${MIN_PASSWORD_LENGTH} characters`;
  if (password.length > MAX_PASSWORD_LENGTH)
    return `must be at most ${MAX_PASSWORD_LENGTH} characters`;
  if (commonPasswords.test(password) || commonPasswords.test(password.toLowerCase()))
    return 'is too common; choose a password that is not on lists of leaked passwords';
  return contextWordProblem(password);
}

export async function hashPassword(password: string): Promise<string> {
  return (await runJob({ kind: 'hash', password })) as string;
}

/** False for a wrong password or a malformed hash; throws PasswordHashingBusy when full. */
export async function verifyPassword(password: string, hash: string): Promise<boolean> {
  return (await runJob({ kind: 'verify', password, hash })) === true;
}

/**
 * A fixed hash checked when the e-mail is unknown, so an unknown account costs the same
 * time as a wrong password and the response time does not reveal which e-mails exist.
 */
let dummyHash: Promise<string> | undefined;
export async function burnVerification(password: string): Promise<void> {
  // Made once; a failure (the pool was full) is not kept, the next sign-in tries again.
  dummyHash ??= hashPassword(randomBytes(18).toString('base64url')).catch((error: unknown) => {
    dummyHash = undefined;
    throw error;
  });
  await verifyPassword(password, await dummyHash);
}

/** Seconds a refused sign-in is told to wait: the queue drains in about that long. */
export const HASHING_RETRY_AFTER_SECONDS = 2;

/** Every worker is busy and the queue is full: 503, come back in a moment. */
export class PasswordHashingBusy extends ApiError {
  override name = 'PasswordHashingBusy';
  constructor() {
    super(
      503,
      'unavailable',
      'The server is busy checking other sign-ins; please try again in a few seconds.',
      undefined,
      HASHING_RETRY_AFTER_SECONDS,
    );
  }
}

export interface PasswordHashingOptions {
  /** Worker threads; 0 hashes on the calling thread. Default: min(2, CPU cores). */
  threads: number;
  /** Jobs that may wait for a free worker; past that, PasswordHashingBusy. Default: 32. */
  maxWaiting: number;
}

const DEFAULT_OPTIONS: PasswordHashingOptions = {
  threads: Math.min(2, availableParallelism()),
  // About 1.5 s of waiting at 2 workers and 0.1 s a check: a burst of 20 sign-ins all
  // pass, a flood is refused quickly instead of each waiting longer and longer.
  maxWaiting: 32,
};

/**
 * The worker's module, beside this one in the sources. In the Lambda bundle (one
 * index.mjs) it does not exist, and hashing stays inline.
 */
const WORKER_URL = new URL('./password-worker.ts', import.meta.url);

let options = DEFAULT_OPTIONS;
let pool: HashPool | null | undefined;

/** Changes the pool's size or queue bound; the old pool finishes its jobs and ends. */
export function configurePasswordHashing(changes: Partial<PasswordHashingOptions>): void {
  options = { ...options, ...changes };
  pool?.close();
  pool = undefined;
}

function runJob(job: HashJob): Promise<string | boolean> {
  if (pool === undefined) {
    const workerFile = WORKER_URL.protocol === 'file:' ? fileURLToPath(WORKER_URL) : '';
    pool =
      options.threads > 0 && workerFile && existsSync(workerFile)
        ? new HashPool(WORKER_URL, options)
        : null;
  }
  return pool ? pool.run(job) : runHashJob(job);
}

interface Pending {
  job: HashJob & { id: number };
  resolve: (value: string | boolean) => void;
  reject: (error: Error) => void;
}

/** Worker threads taking one job each; started on first use, never holding the process open. */
class HashPool {
  private readonly idle: Worker[] = [];
  private readonly busy = new Map<Worker, Pending>();
  private readonly waiting: Pending[] = [];
  private started = 0;
  private nextId = 0;
  private closed = false;
  private readonly url: URL;
  private readonly settings: PasswordHashingOptions;

  constructor(url: URL, settings: PasswordHashingOptions) {
    this.url = url;
    this.settings = settings;
  }

  run(job: HashJob): Promise<string | boolean> {
    if (this.waiting.length >= this.settings.maxWaiting) {
      return Promise.reject(new PasswordHashingBusy());
    }
    return new Promise((resolve, reject) => {
      this.waiting.push({ job: { ...job, id: (this.nextId += 1) }, resolve, reject });
      this.dispatch();
    });
  }

  close(): void {
    this.closed = true;
    for (const worker of this.idle.splice(0)) void worker.terminate();
  }

  private dispatch(): void {
    while (this.waiting.length > 0) {
      const worker = this.idle.pop() ?? this.spawn();
      if (!worker) return;
      const pending = this.waiting.shift()!;
      this.busy.set(worker, pending);
      // Held open while it works: a script awaiting a hash must not exit under it.
      worker.ref();
      worker.postMessage(pending.job);
    }
  }

  private spawn(): Worker | undefined {
    if (this.started >= this.settings.threads) return undefined;
    this.started += 1;
    const worker = new Worker(this.url, { workerData: PASSWORD_WORKER });
    worker.unref();
    worker.on('message', (reply: HashReply) => {
      const pending = this.busy.get(worker);
      this.busy.delete(worker);
      worker.unref();
      if (pending) {
        if ('error' in reply) pending.reject(new Error(`password hashing failed: ${reply.error}`));
        else pending.resolve(reply.value);
      }
      if (this.closed) void worker.terminate();
      else this.idle.push(worker);
      this.dispatch();
    });
    // A worker that dies fails its job only; the next job starts a fresh one.
    const gone = (error: Error) => {
      const pending = this.busy.get(worker);
      this.busy.delete(worker);
      const at = this.idle.indexOf(worker);
      if (at >= 0) this.idle.splice(at, 1);
      this.started -= 1;
      worker.removeAllListeners();
      pending?.reject(error);
      if (!this.closed) this.dispatch();
    };
    worker.on('error', gone);
    worker.on('exit', (code) => gone(new Error(`password worker exited with code ${code}`)));
    return worker;
  }
}
